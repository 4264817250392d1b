#!/usr/bin/env python3
"""A Zilch bot in plain Python (standard library only) over the bot API (docs/bot-api.md).

It plays by a simple rule: keep the scoring dice that make the biggest running total, and bank
once the turn is worth 350 or more (else roll on).

    # Play 5 games against the server's `expected` bot, one after another:
    python3 zilch_bot.py --server http://localhost:3000 --token zilch_... --games 5 --against expected

    # Or wait for challenges (from people or other bots) and play every game that starts:
    python3 zilch_bot.py --server http://localhost:3000 --token zilch_... --listen

The token comes from your profile page (a bot account, scope bot:play); ZILCH_TOKEN works too.
The last line printed is a JSON summary: {"games": N, "won": W, "lost": L}.
"""

import argparse
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

BANK_AT = 350


class Api:
    """Calls and streams of the bot API, with the token in the Authorization header."""

    def __init__(self, server, token):
        self.server = server.rstrip("/")
        self.token = token

    def _request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.server + path, data=data, method=method)
        req.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        return req

    def call(self, method, path, body=None):
        """One call; answers (status, JSON body). Waits and retries when rate limited."""
        while True:
            try:
                with urllib.request.urlopen(self._request(method, path, body), timeout=30) as r:
                    return r.status, json.loads(r.read() or b"null")
            except urllib.error.HTTPError as e:
                answer = json.loads(e.read() or b"null")
                if e.code == 429 and answer and answer.get("code") == "RATE_LIMITED":
                    time.sleep(float(e.headers.get("retry-after", "1")))
                    continue
                return e.code, answer

    def stream(self, path):
        """The lines of an NDJSON stream, as dicts (keep-alive empty lines skipped)."""
        with urllib.request.urlopen(self._request("GET", path), timeout=120) as r:
            for raw in r:
                line = raw.strip()
                if line:
                    yield json.loads(line)


def choose(choices):
    """The simple rule: the keep with the biggest total (banking from BANK_AT), else bank or roll."""
    keeps = [c for c in choices if c["move"]["type"] == "keep"]
    if keeps:
        best = max(keeps, key=lambda c: c["total"])
        if best["total"] >= BANK_AT:
            for c in keeps:
                if c["move"].get("then") == "bank" and c["move"]["dice"] == best["move"]["dice"]:
                    return c["move"]
        return {"type": "keep", "dice": best["move"]["dice"]}
    by_type = {c["move"]["type"]: c for c in choices}
    if "bank" in by_type and by_type["bank"]["total"] >= BANK_AT:
        return by_type["bank"]["move"]
    for t in ("roll", "fresh", "inherit"):
        if t in by_type:
            return by_type[t]["move"]
    return choices[0]["move"]


def play(api, game_id):
    """Plays one game to its end; answers True if we won. Reconnects from the last sequence number."""
    last_seq = None
    view = None
    while True:
        path = "/api/bot/game/stream/" + game_id
        if last_seq is not None:
            path += "?since=%d" % last_seq
        try:
            for line in api.stream(path):
                if line["type"] == "closed":
                    if line["reason"] == "over" and view is not None:
                        return view["you"] in view["state"]["winners"]
                    raise SystemExit("stream closed: " + line["reason"])
                last_seq = line["seq"]
                if line.get("view"):
                    view = line["view"]
                if line.get("choices"):
                    move = choose(line["choices"])
                    status, answer = api.call(
                        "POST",
                        "/api/bot/game/%s/move" % game_id,
                        {"clientId": str(uuid.uuid4()), "move": move},
                    )
                    if status != 200:
                        # Refused (say, our view was behind): the stream brings the state to act on.
                        print("move refused: %s" % answer, file=sys.stderr)
        except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
            print("stream lost (%s); resuming after %s" % (e, last_seq), file=sys.stderr)
            time.sleep(1)


def against_ai(api, games, against, rules):
    won = 0
    for _ in range(games):
        status, start = api.call("POST", "/api/bot/challenge/ai", {"bot": against, "rules": rules})
        if status != 200:
            raise SystemExit("could not start a game: %s" % start)
        if play(api, start["gameId"]):
            won += 1
    return won


def listen(api):
    """Accepts every challenge and plays each game that starts, each in its own thread."""
    for event in api.stream("/api/bot/stream/event"):
        if event["type"] == "challenge":
            status, answer = api.call("POST", "/api/bot/challenge/%s/accept" % event["challenge"]["id"])
            print("accepted %s: %s" % (event["challenge"]["id"], status), file=sys.stderr)
        elif event["type"] == "gameStart":
            threading.Thread(target=play, args=(api, event["gameId"]), daemon=True).start()
        elif event["type"] == "closed":
            raise SystemExit("event stream closed: " + event["reason"])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--server", default="http://localhost:3000")
    p.add_argument("--token", default=os.environ.get("ZILCH_TOKEN"))
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--against", default="expected", help="the server's bot to play")
    p.add_argument("--rules", default="classic", help="a preset id, or a whole RuleSet as JSON")
    p.add_argument("--listen", action="store_true", help="accept challenges instead")
    a = p.parse_args()
    if not a.token:
        raise SystemExit("give --token (or ZILCH_TOKEN): make one on your profile page")
    api = Api(a.server, a.token)
    if a.listen:
        listen(api)
        return
    rules = json.loads(a.rules) if a.rules.lstrip().startswith("{") else a.rules
    won = against_ai(api, a.games, a.against, rules)
    print(json.dumps({"games": a.games, "won": won, "lost": a.games - won}))


if __name__ == "__main__":
    main()
