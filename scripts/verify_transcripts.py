#!/usr/bin/env python3
"""Independent check of `mizan lanes --transcript DIR` files (docs/transcript-format.md).

Uses libsodium through PyNaCl (pip install pynacl), not the project's code:
for every transcript it checks that each secret key gives its public key,
rederives both sides' session keys with crypto_kx, rebuilds the associated data
from the public keys, the till id and the transaction id, then for each sealed
frame from its clear bytes (the frame's header before the sealed field, the
direction and the counter), and opens every sealed frame with
XChaCha20-Poly1305-IETF. Frames the scripted peer spoiled on
purpose (tamper flip, wrong direction, truncate) must fail to open; a replay
must carry a counter already used (it is a genuine old sealed field; in a
frame of another type it no longer opens, as the frame's header is authenticated).

usage: python3 scripts/verify_transcripts.py DIR
Not needed by the tests; exits 1 on the first disagreement.
"""
import glob
import json
import os
import sys

from nacl import bindings as sodium
from nacl.exceptions import CryptoError

LABEL = b"mizan-ble/1"
HOST_TO_CLIENT, CLIENT_TO_HOST = 0x01, 0x02
TYPES = {1: "advertisement", 2: "phone key", 3: "amount", 4: "decision", 5: "result", 6: "end", 7: "busy"}
SEALED_TYPES = {3, 4, 5, 6}
MUST_FAIL = {"flip", "wrong direction", "truncate"}


def fail(path, message):
    print(f"{path}: {message}")
    sys.exit(1)


def associated_data(host_pk, phone_pk, till_id, transaction_id):
    out = bytearray(LABEL)
    for part in (host_pk, phone_pk, till_id, transaction_id):
        out += len(part).to_bytes(2, "big") + part
    return bytes(out)


def frame_associated_data(session_ad, header, sealed):
    """The associated data of one sealed field: the session's, then the frame's
    clear header (length as 2 bytes big-endian, then the bytes), then the sealed
    field's direction (1) and counter (8)."""
    return session_ad + len(header).to_bytes(2, "big") + header + sealed[0:9]


def decode_plaintext(plain, transaction_id):
    kind = plain[0]
    if kind == 1:
        minor = int.from_bytes(plain[1:9], "big", signed=True)
        currency = plain[9:12].decode("ascii")
        label_length = plain[12]
        label = plain[13:13 + label_length].decode("utf-8")
        tx = plain[13 + label_length:21 + label_length]
        assert minor > 0 and currency.isalpha() and currency.isupper() and label, "bad amount details"
        assert tx == transaction_id, "the sealed transaction id differs from the clear one"
        assert len(plain) == 21 + label_length, "amount details have trailing bytes"
        return "amount details"
    assert len(plain) == 2, "a one-byte message of the wrong length"
    return {2: {1: "confirm", 2: "decline"}, 3: {1: "success", 2: "failure"}, 4: {1: "end: cancelled"}}[kind][plain[1]]


def check(path):
    doc = json.load(open(path))
    assert doc["format"] == "mizan-rehearsal-transcript/1", "unknown format"
    till_id = bytes.fromhex(doc["tillID"])
    for side in ("till", "phone"):
        for pair in doc["keys"][side]:
            sk, pk = bytes.fromhex(pair["secretKey"]), bytes.fromhex(pair["publicKey"])
            if sodium.crypto_scalarmult_base(sk) != pk:
                fail(path, f"a {side} secret key does not give its public key")
    sessions = []
    for s in doc["sessions"]:
        host_pk, host_sk = bytes.fromhex(s["tillPublicKey"]), bytes.fromhex(s["tillSecretKey"])
        phone_pk, phone_sk = bytes.fromhex(s["phonePublicKey"]), bytes.fromhex(s["phoneSecretKey"])
        tx = bytes.fromhex(s["transactionID"])
        phone_rx, phone_tx = sodium.crypto_kx_client_session_keys(phone_pk, phone_sk, host_pk)
        host_rx, host_tx = sodium.crypto_kx_server_session_keys(host_pk, host_sk, phone_pk)
        if phone_rx != host_tx or phone_tx != host_rx:
            fail(path, "the two sides' session keys do not pair up")
        ad = associated_data(host_pk, phone_pk, till_id, tx)
        if ad.hex() != s["associatedData"]:
            fail(path, "the recorded associated data differs from the one rebuilt here")
        sessions.append({"host_pk": host_pk, "tx": tx, "ad": ad,
                         HOST_TO_CLIENT: host_tx, CLIENT_TO_HOST: phone_tx})
    current = None
    used = {HOST_TO_CLIENT: set(), CLIENT_TO_HOST: set()}
    opened = refused = replays = 0
    for frame in doc["frames"]:
        data = bytes.fromhex(frame["hex"])
        if data[0] != 1:
            fail(path, f"frame {frame['index']}: unknown version")
        kind = data[1]
        if TYPES.get(kind) != frame["type"]:
            fail(path, f"frame {frame['index']}: type byte {kind} but recorded as {frame['type']}")
        expected_direction = HOST_TO_CLIENT if frame["direction"] == "till->phone" else CLIENT_TO_HOST
        if kind not in SEALED_TYPES:
            continue
        if kind == 3:
            host_pk, tx, sealed, header = data[2:34], data[34:42], data[42:], data[:42]
            current = next((s for s in sessions if s["host_pk"] == host_pk and s["tx"] == tx), None)
            if current is None:
                fail(path, f"frame {frame['index']}: an amount for no recorded session")
            used = {HOST_TO_CLIENT: set(), CLIENT_TO_HOST: set()}
        else:
            sealed, header = data[2:], data[:2]
            if current is None:
                fail(path, f"frame {frame['index']}: a sealed frame before any amount")
        tamper = frame["tamper"]
        plain = None
        if len(sealed) >= 25:
            direction, counter = sealed[0], int.from_bytes(sealed[1:9], "big")
            nonce = bytes([direction]) + bytes(15) + sealed[1:9]
            key = current.get(direction) if direction in (HOST_TO_CLIENT, CLIENT_TO_HOST) else None
            if direction == expected_direction and key is not None:
                try:
                    ad = frame_associated_data(current["ad"], header, sealed)
                    plain = sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(sealed[9:], ad, nonce, key)
                except CryptoError:
                    plain = None
        if tamper in MUST_FAIL:
            if plain is not None:
                fail(path, f"frame {frame['index']}: spoiled on purpose ({tamper}) yet it opens")
            refused += 1
            continue
        if tamper == "replay":
            # A genuine earlier sealed field: its counter is used already. Sent
            # in a frame of another type it no longer opens (the header is authenticated).
            if len(sealed) < 25 or int.from_bytes(sealed[1:9], "big") not in used.get(sealed[0], set()):
                fail(path, f"frame {frame['index']}: marked a replay but its counter is new")
            replays += 1
            continue
        if plain is None:
            fail(path, f"frame {frame['index']} ({frame['type']}) does not open")
        what = decode_plaintext(plain, current["tx"])
        if counter in used[direction]:
            fail(path, f"frame {frame['index']}: counter {counter} reused without being marked a replay")
        opened += 1
        used[direction].add(counter)
        frame["_opened"] = what
    return len(doc["frames"]), len(sessions), opened, refused, replays


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print(__doc__.strip().splitlines()[-2])
        return 2
    paths = sorted(glob.glob(os.path.join(sys.argv[1], "*.json")))
    if not paths:
        print(f"{sys.argv[1]}: no transcripts")
        return 1
    totals = [0, 0, 0, 0, 0]
    for path in paths:
        counts = check(path)
        totals = [a + b for a, b in zip(totals, counts)]
        frames, sessions, opened, refused, replays = counts
        print(f"ok  {os.path.basename(path)}: {frames} frames, {sessions} session(s), {opened} sealed opened, "
              f"{refused} spoiled refused, {replays} replay(s) found")
    print(f"all {len(paths)} transcripts check: {totals[0]} frames, {totals[1]} sessions, {totals[2]} sealed frames opened, "
          f"{totals[3]} spoiled frames refused, {totals[4]} replays found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
