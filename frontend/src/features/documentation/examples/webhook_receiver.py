# An LBM Studio webhook receiver (Python 3.9+, standard library only): checks each delivery's
# Standard Webhooks signature, then answers at once and does the work after.
#   LBM_WEBHOOK_SECRET=whsec_... PORT=8080 python3 webhook_receiver.py
import base64
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = base64.b64decode(os.environ["LBM_WEBHOOK_SECRET"].removeprefix("whsec_"))
TOLERANCE_SECONDS = 5 * 60
handled = set()  # An attempt may come twice (a retry, a redelivery), always with the same id.


def verified(headers, body: bytes) -> bool:
    delivery_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    if not delivery_id or not timestamp.isdigit() or abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    signed = f"{delivery_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(SECRET, signed, hashlib.sha256).digest()).decode()
    # The header may carry several signatures (a secret being rotated): any one that matches will do.
    for signature in headers.get("webhook-signature", "").split():
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return True
    return False


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        if not verified(self.headers, body):
            self.send_response(401)
            self.end_headers()
            return
        self.send_response(204)
        self.end_headers()
        delivery_id = self.headers["webhook-id"]
        if delivery_id in handled:
            return
        handled.add(delivery_id)
        event = json.loads(body)
        print(f"Verified {event['type']} {delivery_id}", flush=True)
        if event["type"] == "job.succeeded":
            print(f"Job {event['data']['jobId']} is ready at {event['data']['statusUrl']}", flush=True)

    def log_message(self, *args):
        pass


port = int(os.environ.get("PORT", "8080"))
print(f"Listening on port {port}", flush=True)
# HOST=127.0.0.1 keeps it to this machine (behind a reverse proxy that terminates https).
HTTPServer((os.environ.get("HOST", ""), port), Receiver).serve_forever()
