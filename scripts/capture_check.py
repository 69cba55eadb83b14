#!/usr/bin/env python3
"""Checks a run's air.pcapng against its trace.jsonl, reading the capture with
tshark itself: for every link (a phone and a till), the ATT writes to "To
host" (handle 0x0003; a long one as Prepare Writes) and the notifications on
"To client" (handle 0x0005) are, in order, frames the trace says one end sent
the other (type and size), missing only where the link was lost.

usage: capture_check.py RUNDIR"""
import json
import subprocess
import sys


def capture_frames(run):
    fields = ["btle.master_bd_addr", "btle.slave_bd_addr", "btatt.opcode", "btatt.handle", "frame.comment"]
    command = ["tshark", "-2", "-r", f"{run}/air.pcapng", "-Y", "(btatt.opcode == 0x12 || btatt.opcode == 0x16 || btatt.opcode == 0x1b) && (btatt.handle == 0x0003 || btatt.handle == 0x0005)",
               "-T", "fields", "-E", "separator=\t", "-E", "occurrence=f"]
    for field in fields:
        command += ["-e", field]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    links = {}
    for line in out.splitlines():
        master, slave, opcode, handle, comment = (line.split("\t") + [""] * 5)[:5]
        phone = "phone-%d" % int(master.replace(":", "")[2:], 16)
        till = "till-%d" % int(slave.replace(":", "")[2:], 16)
        # "phone-1 writes a phone key frame (34 bytes) to till-20" / "till-20 notifies phone-1 of a amount frame (95 bytes)"
        head, rest = comment.split(" frame (", 1)
        kind = head.split(" a ", 1)[1] if " writes a " in head else head.split(" of a ", 1)[1]
        size = int(rest.split(" ")[0])
        entry = ("to till" if opcode != "0x1b" else "to phone", kind, size)
        frames = links.setdefault((phone, till), [])
        # A long write is a Prepare Write per piece, each with the frame's note: one frame.
        if opcode == "0x16" and frames and frames[-1] == ("piece",) + entry:
            continue
        frames.append(("piece" if opcode == "0x16" else "whole",) + entry)
    return {link: [frame[1:] for frame in frames] for link, frames in links.items()}


def trace_frames(run):
    sent, lost = {}, {}
    with open(f"{run}/trace.jsonl") as lines:
        for line in lines:
            event = json.loads(line)
            if event.get("event") == "sends":
                device, to = event["device"], event["to"]
                link = (device, to) if device.startswith("phone") else (to, device)
                direction = "to till" if device.startswith("phone") else "to phone"
                sent.setdefault(link, []).append((direction, event["frame"], event["bytes"]))
            elif event.get("event") == "link lost" and event["device"].startswith("phone"):
                link = (event["device"], "till-%d" % event["till"])
                lost[link] = lost.get(link, 0) + 1
    return sent, lost


def is_subsequence(short, long):
    it = iter(long)
    return all(any(item == other for other in it) for item in short)


def main():
    run = sys.argv[1]
    captured = capture_frames(run)
    sent, lost = trace_frames(run)
    failures = 0
    for link, frames in sorted(captured.items()):
        expected = sent.get(link, [])
        if not is_subsequence(frames, expected):
            failures += 1
            print(f"capture_check: {run}: {link[0]} and {link[1]}: the capture's frames {frames} are not, in order, the trace's {expected}")
        elif len(expected) - len(frames) > lost.get(link, 0):
            failures += 1
            print(f"capture_check: {run}: {link[0]} and {link[1]}: {len(expected) - len(frames)} frames the trace sent are not in the capture, "
                  f"and the link was lost {lost.get(link, 0)} times")
    for link in sorted(set(sent) - set(captured)):
        if len(sent[link]) > lost.get(link, 0):
            failures += 1
            print(f"capture_check: {run}: {link[0]} and {link[1]}: the trace's frames {sent[link]} are not in the capture")
    if not captured:
        print(f"capture_check: {run}: no link's frames in the capture")
        return 1
    if failures == 0:
        print(f"capture_check: {run}: the ATT writes and notifications of {len(captured)} links are the trace's frames, in order")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
