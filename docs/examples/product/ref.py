# The reference: the product of the numbers, or -1 when it is over 10^18 (0 if any is 0).
n = int(input())
values = list(map(int, input().split()))
if 0 in values:
    print(0)
else:
    product = 1
    for value in values:
        product *= value
        if product > 10**18:
            print(-1)
            break
    else:
        print(product)
