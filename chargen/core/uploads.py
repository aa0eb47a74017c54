"""How large an upload may be, and refusing a larger one before it is read.

The only uploads are export files (the import and the anonymous verify page), at most
MAX_IMPORT_BYTES. Django writes an uploaded file larger than
FILE_UPLOAD_MAX_MEMORY_SIZE to a temporary file as it reads it, and it reads the body
as soon as anything looks at request.POST: CsrfViewMiddleware does, before any view
runs. So a 50 MB upload would reach the disk before the view could refuse it. Two
gates stop it:

- `StopOversizedUploads`, first in FILE_UPLOAD_HANDLERS, stops a body larger than
  MAX_REQUEST_BYTES at its first file: the form fields before it (the CSRF token) are
  read, the file's bytes are read and dropped, nothing is kept in memory or on disk;
- the views ask `oversized_request` before touching request.POST or request.FILES, and
  answer with the same words as for a large file.
"""

from __future__ import annotations

from typing import Any

from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest

MAX_IMPORT_BYTES = 2 * 1024 * 1024
# The multipart envelope around the file: boundaries, headers, the CSRF token and the
# verify page's public key field. A few kilobytes; 64 KB leaves room to spare.
REQUEST_MARGIN = 64 * 1024
MAX_REQUEST_BYTES = MAX_IMPORT_BYTES + REQUEST_MARGIN


def oversized_request(request: HttpRequest) -> int | None:
    """The body's declared size when it is over MAX_REQUEST_BYTES, else None."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None  # Django's own parser refuses a malformed length
    return length if length > MAX_REQUEST_BYTES else None


class StopOversizedUploads(FileUploadHandler):
    """Refuses to take in any file of a request whose body is over MAX_REQUEST_BYTES."""

    oversized = False

    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],  # Django's name for it
        content_length: int,
        boundary: str,
        encoding: str | None = None,
    ) -> None:
        self.oversized = content_length > MAX_REQUEST_BYTES

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        if self.oversized:
            # Not a reset connection: the rest of the body is read and dropped, so the
            # browser gets the page that says why.
            raise StopUpload(connection_reset=False)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        return raw_data  # the next handler keeps it

    def file_complete(self, file_size: int) -> None:
        return None
