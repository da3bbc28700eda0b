fields: [a]
