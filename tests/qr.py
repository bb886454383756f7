"""Read the QR codes in a picture, as a phone's camera would.

Only QR codes are looked for: asked for every format, zxing-cpp once read a stretch of a QR
code's modules as a linear barcode too (an EAN-13 "6630891032510" beside the link), a
one-in-a-few-hundred false find that made a test fail by chance.
"""

from __future__ import annotations

from typing import Any

import zxingcpp

QR_ONLY = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


def qr_texts(image: Any) -> list[str]:
    """The text of each QR code found in ``image`` (a PIL image or an array)."""
    found = zxingcpp.read_barcodes(image, formats=QR_ONLY)
    return [code.text for code in found]
