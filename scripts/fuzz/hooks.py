"""Schemathesis hooks for `just fuzz` (loaded through SCHEMATHESIS_HOOKS by scripts/fuzz/run.py).

Signs in with the account run.py made (FUZZ_BASE, FUZZ_MOBILE, FUZZ_PASSWORD): an access token
lives 15 minutes and a full run takes longer, so the token is fetched again every 10 minutes
and after a 401 (schemathesis replays that request with the new token).
"""

import json
import os
import urllib.request

import schemathesis


def sign_in(base: str, mobile: str, password: str) -> dict:
    """`/user/login` with a password: the whole answer (`token`, `reftoken`, `user`)."""
    body = json.dumps({"mobile": mobile, "password": password}).encode()
    req = urllib.request.Request(
        f"{base}/api/client/v1/user/login", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        answer = json.load(res)
    if answer.get("status") != "ok" or not answer.get("token"):
        raise RuntimeError(f"sign-in of {mobile} failed: {answer}")
    return answer


@schemathesis.auth(refresh_interval=600)
class ShopSignIn:
    def get(self, case, ctx):
        return sign_in(os.environ["FUZZ_BASE"], os.environ["FUZZ_MOBILE"], os.environ["FUZZ_PASSWORD"])["token"]

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    """Send the extra part of a "violates additionalProperties" multipart case.

    Schemathesis writes a list as one part per item, so an undeclared property drawn as `[]`
    (or `None`) is not sent at all: the "invalid" form on the wire is the valid one and the
    server's 200 is reported as a schema-violating request accepted. Such a property is sent
    as an empty text part instead, which keeps the case what it claims to be.
    """
    if not (case.media_type or "").startswith("multipart/") or not isinstance(case.body, dict):
        return
    try:
        raw = case.operation.definition.raw
        declared = set(raw["requestBody"]["content"][case.media_type]["schema"].get("properties", {}))
    except (AttributeError, KeyError, TypeError):
        return
    for name, value in list(case.body.items()):
        if name not in declared and (value is None or value == []):
            case.body[name] = ""
