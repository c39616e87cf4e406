"""LBM Studio API example (Python 3.8 or newer, standard library only).

Creates a client, generates a newsletter and waits for it with `Prefer: wait`, then starts another
newsletter job and polls its status URL until it finishes. Then generates an image and an MP3 and
downloads both into the current folder.

    LBM_API_URL=https://studio.example.com LBM_API_KEY=lbm_... python3 lbm_api_example.py
"""

import json
import os
import posixpath
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

BASE_URL = os.environ.get("LBM_API_URL", "http://localhost:3000").rstrip("/")
API_KEY = os.environ.get("LBM_API_KEY")
if not API_KEY:
    sys.exit("Set LBM_API_KEY to a key from the API Keys page.")


def call(method, path, body=None, headers=None):
    """Calls the API; paths start with /api. Waits and retries when the key's budget is used up (429)."""
    while True:
        request = urllib.request.Request(
            BASE_URL + path,
            method=method,
            data=None if body is None else json.dumps(body).encode("utf-8"),
            headers={
                "Authorization": "Bearer " + API_KEY,
                "Content-Type": "application/json",
                **(headers or {}),
            },
        )
        try:
            with urllib.request.urlopen(request) as response:
                text = response.read().decode("utf-8")
                return response.status, json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8")
            if error.code == 429:
                time.sleep(int(error.headers.get("Retry-After", "1")))
                continue
            try:
                message = json.loads(text)["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = text
            raise RuntimeError(f"{method} {path} answered {error.code}: {message}") from None


def wait_for_job(status_url):
    """Polls a job's status URL until it has finished; returns its result."""
    while True:
        _, job = call("GET", status_url)
        if job["status"] == "succeeded":
            return job["result"]
        if job["status"] == "failed":
            raise RuntimeError("The job failed: " + str(job["error"]))
        time.sleep(1)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Leaves redirects to the caller: the download link must be fetched without the key."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def download(media_path):
    """Downloads a media path of a result (an image's `url`, an `audioUrl`) into the current folder.

    The path answers with a redirect to a short-lived download link, which needs no key (and must not
    get it): it is fetched on its own. Returns the file's name.
    """
    request = urllib.request.Request(BASE_URL + media_path, headers={"Authorization": "Bearer " + API_KEY})
    try:
        urllib.request.build_opener(_NoRedirect).open(request)
        raise RuntimeError(f"GET {media_path} did not redirect to the file")
    except urllib.error.HTTPError as error:
        location = error.headers.get("Location")
        if error.code != 302 or not location:
            raise RuntimeError(f"GET {media_path} answered {error.code}: {error.read().decode('utf-8')}") from None
    name = posixpath.basename(urllib.parse.urlparse(media_path).path)
    with urllib.request.urlopen(location) as response, open(name, "wb") as file:
        file.write(response.read())
    return name


def generate(path, body):
    """Starts a job and waits for it: `Prefer: wait` answers 200 when it finishes in time, else poll."""
    status, data = call("POST", path, body, {"Prefer": "wait=25"})
    if status != 200:
        return wait_for_job(data["statusUrl"])
    if data["status"] == "failed":
        raise RuntimeError("The job failed: " + str(data["error"]))
    return data["result"]


_, client = call(
    "POST",
    "/api/clients",
    {
        "name": "Example Plumbing",
        "company_name": "Example Plumbing LLC",
        "email": "hello@example.com",
        "website": "https://example.com",
    },
)
print(f"Created client {client['id']} ({client['name']})")

# Ask the server to wait up to 20 s: 200 with the finished job, or 202 if it takes longer.
status, newsletter = call(
    "POST",
    "/api/generate-newsletter",
    {"topic": "Spring plumbing checklist", "model": "gpt-4o-mini", "includeHeader": True},
    {"Prefer": "wait=20"},
)
newsletter_result = newsletter["result"] if status == 200 else wait_for_job(newsletter["statusUrl"])
print(f"Newsletter ready: {newsletter_result['wordCount']} words")

# Without Prefer the answer is 202 {jobId, statusUrl} at once: poll the status URL.
_, accepted = call(
    "POST",
    "/api/generate-newsletter",
    {"topic": "Saving water at home", "model": "gpt-4o-mini"},
)
print(f"Job {accepted['jobId']} queued")
polled = wait_for_job(accepted["statusUrl"])
print(f"Polled job finished: {polled['wordCount']} words")

# An image and an MP3: their results carry media paths, downloaded with the same key.
image = generate(
    "/api/generate-image",
    {"prompt": "A friendly plumber fixing a kitchen sink", "model": "gpt-image-1"},
)
print(f"Image saved as {download(image['images'][0]['url'])}")
speech = generate(
    "/api/text-to-speech",
    {"text": "Welcome to this week’s home maintenance tips.", "voice": "alloy"},
)
print(f"MP3 saved as {download(speech['audioUrl'])} ({speech['durationSeconds']} s)")
