#!/usr/bin/env python3
"""A stand-in auth provider for the local stack and the demo: an ES256 key pair, its JWKS, tokens.

  jwt-signer.py init DIR                 create DIR/private.pem and DIR/jwks.json (kid "rizq-local-1")
  jwt-signer.py sign DIR --sub SUB [--ttl SECONDS] [--aud AUD] [--iss ISS]
                                         print a signed token for user SUB (default: 5 minutes)

neon-local is started with --jwks-file DIR/jwks.json, as Neon is configured with the auth
provider's JWKS URL. Needs python3 with `cryptography`.
"""
import argparse
import base64
import json
import os
import sys
import time

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

KEY_ID = "rizq-local-1"
AUDIENCE = "rizq-local"
ISSUER = "https://auth.rizq.localtest.me"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def init(directory: str) -> None:
    os.makedirs(directory, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    path = os.path.join(directory, "private.pem")
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as handle:
        handle.write(pem)
    numbers = key.public_key().public_numbers()
    jwk = {
        "kty": "EC", "crv": "P-256", "kid": KEY_ID, "alg": "ES256", "use": "sig",
        "x": b64url(numbers.x.to_bytes(32, "big")), "y": b64url(numbers.y.to_bytes(32, "big")),
    }
    with open(os.path.join(directory, "jwks.json"), "w") as handle:
        json.dump({"keys": [jwk]}, handle)


def sign(directory: str, subject: str, ttl: int, audience: str, issuer: str) -> str:
    with open(os.path.join(directory, "private.pem"), "rb") as handle:
        key = serialization.load_pem_private_key(handle.read(), password=None)
    now = int(time.time())
    header = {"alg": "ES256", "typ": "JWT", "kid": KEY_ID}
    claims = {"sub": subject, "aud": audience, "iss": issuer, "iat": now, "exp": now + ttl, "role": "authenticated"}
    signing_input = b64url(json.dumps(header, separators=(",", ":")).encode()) + "." + \
        b64url(json.dumps(claims, separators=(",", ":")).encode())
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    init_parser = commands.add_parser("init")
    init_parser.add_argument("directory")
    sign_parser = commands.add_parser("sign")
    sign_parser.add_argument("directory")
    sign_parser.add_argument("--sub", required=True)
    sign_parser.add_argument("--ttl", type=int, default=300)
    sign_parser.add_argument("--aud", default=AUDIENCE)
    sign_parser.add_argument("--iss", default=ISSUER)
    arguments = parser.parse_args()
    if arguments.command == "init":
        init(arguments.directory)
    else:
        print(sign(arguments.directory, arguments.sub, arguments.ttl, arguments.aud, arguments.iss))
    return 0


if __name__ == "__main__":
    sys.exit(main())
