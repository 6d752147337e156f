/**
 * The RSA keys of the sandbox Hub88 provider (docs/decisions/067-sandbox-hub88.md) outside production:
 * fixed, so the site and the sandboxes process (apps/sandboxes) agree without being told, as with the
 * development secrets beside them (`development.ts`). Each side signs with its private key and checks the
 * other's signatures with the other's public key (`rsa.ts`), as Hub88 and an operator exchange them. The
 * site never registers the sandbox Hub88 provider in production.
 */

/** The key the sandbox Hub88 signs its wallet calls and its answers with (PKCS#8 PEM). */
export const DEVELOPMENT_HUB88_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEuwIBADANBgkqhkiG9w0BAQEFAASCBKUwggShAgEAAoIBAQDAfOABtgAYIjYZ
obhFGtGtYf28HhdZOSo40a/ta6Xo97ZQfA7RW3PDU1nTkr9RLcCp3o5lYoUBxFt4
zMEKlj5QOeRvOvyCp2fF6pSlOLHSlcmATszMq2K+/Y+B408G0RogxBBrWrqPYQJ4
yJfh4unEAEdNomhp+NjzKD5wijy9lUzLTAXtMcunlkeHO9z2KmslAmn2EA7HdEob
8hTpJUTBxp1X8f58ngxyURo+h53H9y5jI7Ip4hympDYN1wLfei988os3IDVNc2sK
k7wg8/sK1t9AXy92xe5sXMZIgYQQPxbOVseO8AsaUiYqe75JcND/5ZmOdycH3JeP
3Lm0zhUrAgMBAAECgf9OkqreB+0B7PUogVs22ju9CsMIh0AAq9UQXIfz4n1XG8bQ
E9P4odwfX2bLdpuiB4sdzDtUJ2Mj1YOBTBOAvtOw6/DTdsCclLlHkPocd4ge7gXS
2le/NDaav+ZUnvUjUzfXKDGLoP2GiZL4uulEy9ugpnx0tFbq6ymkGElkpwkkWZhE
sD57qfvlEmujfDMvgtwsjEbwF7f+6S9o5K8GDYcxCdvlvEBVkXAI914D95+qu27l
coMySn08JjytCOE/lTPbvjvQj/PLkqx/4zzdnOQcUi0L7wAI3Weka5CYa7wERlO7
Y6RfSPkpO+9lQnSxcCqFyIGH7ohPAKCN/iKvRXkCgYEA3lUygaFW9wxEmYB7Wd0H
ltrf1IgL3gpYw0EubnkusI/62tiW8wGsKOAhg4TnbRllKBIWXMOqzaH3K+Isazdr
CCIQiZhgNFsgkygGpdcb53nf7bZz2CzbQ6V6w4XrBkdr6XL8kXYXjyKpMwj1qcwB
yHSiisFvNfjFeKv/QxsE0EMCgYEA3aK58h2I2CMkz86jgq4N5Pv31SiEa1EAItqS
bRJK+Ak2M1ftqotPiebwImf20M/+yzUsLdnWFpw4vqfwRh72xrvIDvPEP8O3W/6S
oU3ieK8RMFT7Jl8SAvNoPYQncbBODETGTy3Y3N1t63bJ0AM0lYBctdb7iZSEStiM
J8YcLPkCgYEAksrhi+EAUCCTcl34Ez7x8dIVEne4jiN6s3/nrhzojL6jO7bhAxTJ
nDtPJUysl8W6mhhHF3xA23/id+DevvNaAYasMIygiDDacw5sRTafP9eh14stNT94
jVNGmK1knUKupvW6eDfmGiUiXYW+3RrK2pTXdJF+Yb4ccy3sXVwLc40CgYArOSoE
Usg2RpxOPqFawfEJwC30DyPL/g8FvRSjWtbuCnXci4BZKzQG09fvDdFvpbCuFp+Y
DYyX+j2CySOtuSotVb/NUrLqMJQYx8v200agfJvgjiIwuIe9tZSVsqkyncyKzfrS
xEEvyas/KXpwK7/cjB0IhXWmviUSp6qlsxgZmQKBgC+IKrJ6q0mjIXt6XtSyWNBX
rQfmm09qO+cPJOKxGHarIg61Xbw6N3y7AtUtxrXgtnWH+ZzDroWMKszFzGktmGi7
cKrouNMJ2HQo2iuVvExaegqRxBi0gFG6b6R12QGVCm/U1lh7AWXjEBuzVr4a9GBC
ig2/Et/GAnPT22zPLE88
-----END PRIVATE KEY-----
`;

/** Its public key, which the site checks those signatures with (SPKI PEM). */
export const DEVELOPMENT_HUB88_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwHzgAbYAGCI2GaG4RRrR
rWH9vB4XWTkqONGv7Wul6Pe2UHwO0Vtzw1NZ05K/US3Aqd6OZWKFAcRbeMzBCpY+
UDnkbzr8gqdnxeqUpTix0pXJgE7MzKtivv2PgeNPBtEaIMQQa1q6j2ECeMiX4eLp
xABHTaJoafjY8yg+cIo8vZVMy0wF7THLp5ZHhzvc9iprJQJp9hAOx3RKG/IU6SVE
wcadV/H+fJ4MclEaPoedx/cuYyOyKeIcpqQ2DdcC33ovfPKLNyA1TXNrCpO8IPP7
CtbfQF8vdsXubFzGSIGEED8WzlbHjvALGlImKnu+SXDQ/+WZjncnB9yXj9y5tM4V
KwIDAQAB
-----END PUBLIC KEY-----
`;

/** The key the site signs its answers and its calls to the sandbox Hub88 with (PKCS#8 PEM). */
export const DEVELOPMENT_HUB88_OPERATOR_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDLqszMd0ethx0+
RiE98J0sMkmH/Gd/24Dn6MqMqx9B7Ed+RQID8Hgius73W9TAkqnn3vJi+mCSui2h
owqC1b5yLLNgWPj8e6rs+7I+MO/d2OK5lQKs0uBlORWFp3G+bb75u20s+He+NmDT
ZAGuAGjLRR65Kwyv9275nUozbjWY5M8jh6RZ7rxE/VLsrwtBOjLFHHVqV/UBC06+
b3wNqCF2IsTE7SM2xhM7HY6/LOCQJ8Ac7NleRNbSWrveR45RquZ0k2pG7kPinx9Z
vJKQuVnk5dzPtJ51iJtvEIyd2KBYmIwInwESbrjSnT7XzC0qIAKB2ErDyDnrXVR0
Syyz8SRFAgMBAAECggEADVjxOQksKmQrd3RTI2MMeeQFy6KwCcIR7aDk/VkNoF1i
xhSxsB5nUSda/v0GsWQrPGXxDqmIALWw3eH4g2CMraDeVJcgIjPcnNFV+hts7OYU
3cK1PSxIxnl6PpsdqjQ5CtbMreDOwCmCKPhp38RpGcE65Tm8CCA4JqW3Qi2b15wx
J+/hhkEap8Yvytm2twtWs1nQJm3BaFiNJNidRzemgI+0u/Th/LGm+qDGL92v6/Iu
6D3Y6Rps4OBTy5lrQKWMLyKueXAhoPKcuGl/agb0ouRQ+MYr7xy0ukBeqUF23nOE
34y5hpk4Zxca8LIhEttkYo05v0MCKPthTN0z/V+C9QKBgQD5L3FYCTpvlV8V1+PZ
JETzayJO2NAeB8YT+K5O6ZsIH46oQRgDhnTZhqU0AcKz+PC+yidswzLi/Zzp9JPA
UBv4PTdu+AdD0aojRogMuHhrntQLTUlfxF27sXSy7O2jqUowlI+FimH3wuTaSQeb
KRHywNt2pcagOqg+MrH1xWNUZwKBgQDRPK7MN8CVWcwo34l6bWui9/UN8AJGyP5U
vHiC69lCklliNl6xkL+hwdYQMk5aB+uOFUY4RrXOM+rH9p+q1fChw1FlN71kfp1E
X5rQYNgqqW6/3HjpYa1MKcjbUp3aD04oueGF8WK0DJcxAw0ulcyaCfdjBN4rmhXO
xrlo2Ie2cwKBgQDKe5i4ltcbMN+RGlsVaXl160p3k4qZvGticyMBEKZflXUQl8Rx
qOJumBDKD9ws7k6CWjZrFLrW5IqLOaiODwqLTwMqcvVEUKzV+Uw4OfXwTaG0hVro
LOKVz/8qHYiFAt08WJu/QdGVyJK6Jbm+hUMGZVxwLwkVzlREJmGheoHaZQKBgQCc
LNQ34CFiGN2XYIqIFCY0RSnnVk8MsLeNXgQBjLLkysHm2bhCh01SGpGCE1qCPskm
i2CXXsgS+pNy3/V7mSZ8R4J4r2sxGISgZU/z22VeKotcr96cLGkioUmn0vm5qpTn
Nx9LT8ohpAgx8BolvHA0Rd4eTaLbHq7KYXBA/uYFWwKBgGFC/l8eqCALk21shhhI
cIlf1dDzDJQ45T/fVCaV+x0c7mxI2fCc582O0LxREwavQrmMzN1ccPI2WII1Ps1B
DXj54gF10EtgC8QK4MIp5F3FwCv+l2lAOoGI6pNaJ5YImCXJljfMW/JH3apnLlNw
NQ8KRqMw9BToaw/A9e1N88wp
-----END PRIVATE KEY-----
`;

/** Its public key, which the sandbox Hub88 checks the site's signatures with (SPKI PEM). */
export const DEVELOPMENT_HUB88_OPERATOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAy6rMzHdHrYcdPkYhPfCd
LDJJh/xnf9uA5+jKjKsfQexHfkUCA/B4IrrO91vUwJKp597yYvpgkrotoaMKgtW+
ciyzYFj4/Huq7PuyPjDv3djiuZUCrNLgZTkVhadxvm2++bttLPh3vjZg02QBrgBo
y0UeuSsMr/du+Z1KM241mOTPI4ekWe68RP1S7K8LQToyxRx1alf1AQtOvm98Dagh
diLExO0jNsYTOx2OvyzgkCfAHOzZXkTW0lq73keOUarmdJNqRu5D4p8fWbySkLlZ
5OXcz7SedYibbxCMndigWJiMCJ8BEm640p0+18wtKiACgdhKw8g5611UdEsss/Ek
RQIDAQAB
-----END PUBLIC KEY-----
`;
