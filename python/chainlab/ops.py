"""The arithmetic and logic of strategy graphs, as chainlab's interpreter computes it.

Values are 64-bit integers: sums, differences, products and quotients saturate at the
limits instead of overflowing, a division truncates toward zero and dividing by zero
gives 0; yes/no values are 1 and 0 (any non-zero input counts as yes). These are the
functions an exported graph (`chainlab export --python`) calls.
"""
from typing import Tuple

MIN, MAX = -(2**63), 2**63 - 1


def _sat(x: int) -> int:
    return MIN if x < MIN else MAX if x > MAX else x


def add(a: int, b: int) -> int:
    return _sat(a + b)


def subtract(a: int, b: int) -> int:
    return _sat(a - b)


def multiply(a: int, b: int) -> int:
    return _sat(a * b)


def divide(a: int, b: int) -> int:
    """a / b truncated toward zero; 0 when b is 0."""
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return _sat(q if (a < 0) == (b < 0) else -q)


def minimum(a: int, b: int) -> int:
    return min(a, b)


def maximum(a: int, b: int) -> int:
    return max(a, b)


def absolute(a: int) -> int:
    return _sat(abs(a))


def negate(a: int) -> int:
    return _sat(-a)


def clamp(x: int, low: int, high: int) -> int:
    """x limited to [low, high] (the low bound wins when low > high)."""
    return max(min(x, high), low)


_COMPARE = {
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "ge": lambda a, b: a >= b,
    "gt": lambda a, b: a > b,
}


def compare(a: int, op: str, b: int) -> int:
    """1 when `a op b` holds (op: lt, le, eq, ne, ge, gt), else 0."""
    return int(_COMPARE[op](a, b))


def both(a: int, b: int) -> int:
    return int(a != 0 and b != 0)


def either(a: int, b: int) -> int:
    return int(a != 0 or b != 0)


def negation(a: int) -> int:
    return int(a == 0)


def if_then_else(condition: int, then: int, otherwise: int) -> int:
    return then if condition != 0 else otherwise


def total(*values: int) -> int:
    """The sum of the connected inputs, added left to right."""
    result = 0
    for i, v in enumerate(values):
        result = v if i == 0 else add(result, v)
    return result


def weighted(*terms: Tuple[int, int]) -> int:
    """The sum of value × weight over the connected terms, left to right."""
    return total(*(multiply(value, weight) for value, weight in terms))
