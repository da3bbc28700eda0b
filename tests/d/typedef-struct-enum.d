/* typedef, struct, union and enum declarations: bit-fields, nested and
   self-referencing structs, enum values, members read with . -> [ ]. */

struct point {
	int x;
	int y;
};

typedef struct point point_t;

typedef struct node {
	struct node *next;
	char name[16];
	uint64_t value;
	unsigned int flag : 1;
	unsigned int kind : 7;
} node_t;

struct outer {
	struct {
		int a;
	} in;
	int b[4];
};

union word {
	uint32_t u32;
	uint8_t bytes[4];
};

enum color { RED, GREEN = 5, BLUE };
typedef enum { LOW, MID = 10, HIGH } level_t;
typedef uint64_t counter_t;

point_t origin;
struct outer o;
level_t level;
counter_t ticks;

BEGIN
{
	origin.x = 1;
	origin.y = origin.x + 2;
	o.in.a = BLUE;
	o.b[2] = GREEN;
	level = HIGH;
	this->n = (node_t *)alloca(sizeof (node_t));
	this->n->value = 42;
	this->n->next = this->n;
	this->n->name[0] = 'n';
	this->w = (union word *)alloca(sizeof (union word));
	this->w->u32 = 0x01020304;
	printf("%d %d %d %d %d\n", origin.y, o.in.a + o.b[2], this->n->next->value,
	    this->w->bytes[0], (int)level);
	ticks++;
	printf("%d %d %d\n", sizeof (struct point), sizeof (enum color), RED);
	exit(0);
}
