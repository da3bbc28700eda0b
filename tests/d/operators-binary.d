/* Every binary operator with C precedence: * / % + - << >> < <= > >=
   == != & ^ | && ^^ || and ?: (nested, right-associative). */

BEGIN
{
	a = 7;
	b = 3;
	r1 = a * b / 2 % 5 + a - b;
	r2 = 1 << 2 + 1;
	r3 = (1 << 2) + 1;
	r4 = a >> 1 << 1;
	r5 = a < b == b > a;
	r6 = a <= b != a >= b;
	r7 = a & b ^ a | b;
	r8 = a & (b ^ (a | b));
	r9 = a && b || !a && !b;
	r10 = a ^^ b ^^ 0;
	r11 = a > b ? a - b : b - a;
	r12 = a == 1 ? 10 : a == 7 ? 70 : 0;
	r13 = a || b && 0;
	r14 = 1 & 3 == 3;
	r15 = -a % b * -1;
	r16 = a * (b + 1) - (a - 1) / (b - 1);
	r17 = 1 + 2 * 3 - 4 / 2 % 3;
	r18 = 1 ^^ 1 || 1;
	r19 = a < b ? "less" : "not less";
	printf("%d %d %d %d %d %d %d %d\n", r1, r2, r3, r4, r5, r6, r7, r8);
	printf("%d %d %d %d %d %d %d %d\n", r9, r10, r11, r12, r13, r14, r15, r16);
	printf("%d %d %s\n", r17, r18, r19);
	exit(0);
}
