# Our own additions to Schemathesis (loaded through SCHEMATHESIS_HOOKS by the fuzz runner):
# the check that every 4xx answer carries a Spanish `msg`, and a tally of every request sent
# so a run can say how many it made and which answered a 5xx (written as JSON to
# VAG_FUZZ_TALLY when set).
import atexit
import json
import os
import re
import threading

import schemathesis
from hypothesis.internal import lambda_sources

# Words of the English defaults a framework answers with ("Not Found", "Bad Request",
# zod's "Invalid input: expected string"). None of them is a Spanish word, so a message
# that contains one was not written by us.
ENGLISH = re.compile(
    r"\b(the|is|not|found|invalid|input|required|expected|received|request|must|"
    r"unauthorized|forbidden|too|large|method|allowed|unsupported|bad|internal|"
    r"server|missing|failed|payload|media|type|error:)\b",
    re.IGNORECASE,
)


@schemathesis.check
def spanish_error_msg(ctx, response, case):
    """Every 4xx answer is JSON with a non-empty Spanish `msg` (and `errors`, if any, maps fields to texts)."""
    if not 400 <= response.status_code < 500:
        return None
    try:
        body = response.json()
    except Exception:
        raise AssertionError(f"{response.status_code} without a JSON body: {response.content[:120]!r}")
    msg = body.get("msg") if isinstance(body, dict) else None
    if not isinstance(msg, str) or not msg.strip():
        raise AssertionError(f"{response.status_code} without a `msg`: {json.dumps(body)[:200]}")
    if ENGLISH.search(msg):
        raise AssertionError(f"{response.status_code} with a `msg` that is not Spanish: {msg!r}")
    errors = body.get("errors")
    if errors is not None and not (
        isinstance(errors, dict) and all(isinstance(v, str) for v in errors.values())
    ):
        raise AssertionError(f"`errors` is not a map of field to message: {json.dumps(errors)[:200]}")
    return None


# CPython 3.11.7 (the pyenv Python here) can raise SystemError "AST constructor recursion
# depth mismatch" from ast.parse deep in the stack (fixed in later 3.11 releases). Hypothesis
# parses a lambda's source only to name it in a strategy's repr; without this the coverage
# phase of an operation stops with a Runtime Error instead of testing it.
_describe_lambda = lambda_sources._lambda_description


def _lambda_description_or_unknown(f, *args, **kwargs):
    try:
        return _describe_lambda(f, *args, **kwargs)
    except SystemError:
        return "lambda: <unknown>"


lambda_sources._lambda_description = _lambda_description_or_unknown


_tally = {"requests": 0, "byStatus": {}, "serverErrors": {}}
_lock = threading.Lock()


@schemathesis.hook
def after_call(context, case, response):
    status = f"{response.status_code // 100}xx"
    with _lock:
        _tally["requests"] += 1
        _tally["byStatus"][status] = _tally["byStatus"].get(status, 0) + 1
        # Each 5xx by operation and status, so a run can say which answered it.
        if response.status_code >= 500:
            key = f"{case.method.upper()} {case.path} {response.status_code}"
            _tally["serverErrors"][key] = _tally["serverErrors"].get(key, 0) + 1


def _write_tally():
    path = os.environ.get("VAG_FUZZ_TALLY")
    if path:
        with open(path, "w") as out:
            json.dump(_tally, out)


atexit.register(_write_tally)
