#!/usr/bin/env python3
"""One-off maintenance: moves every `admin.*` key from the shop's dictionaries
(src/i18n/messages-<lang>.ts) into the console's (src/i18n/messages-admin-<lang>.ts),
so shoppers never download the console's words. Safe to run again."""
import re, pathlib
I18N = pathlib.Path(__file__).resolve().parent.parent / "src" / "i18n"
ENTRY = re.compile(r'\n  "(admin\.[^"]+)":(?:\s|\n)*("(?:[^"\\]|\\.)*"),', re.S)
NAMES = {"en": "adminEn", "es": "adminEs", "pt": "adminPt"}
for lang, name in NAMES.items():
    shop_path = I18N / f"messages-{lang}.ts"
    admin_path = I18N / f"messages-admin-{lang}.ts"
    shop = shop_path.read_text()
    moved = ENTRY.findall(shop)
    shop = ENTRY.sub("", shop)
    shop = re.sub(r"\n\n\n+", "\n\n", shop)
    shop_path.write_text(shop)
    existing = admin_path.read_text() if admin_path.exists() else None
    if existing is None:
        header = (
            "// English words of the admin console (loaded only with the console); this file defines its keys.\nexport const adminEn = {\n"
            if lang == "en"
            else f'// The admin console\'s words ({lang}), loaded only with the console.\nimport type {{ AdminDictionary }} from "./dictionary";\n\nexport const {name}: AdminDictionary = {{\n'
        )
        existing = header + "};\n"
    present = set(re.findall(r'\n  "(admin\.[^"]+)":', existing))
    body = "".join(f"  {key!r}: {value},\n".replace("'", '"', 2) for key, value in moved if key not in present)
    existing = existing[: existing.rindex("};")] + body + "};\n"
    admin_path.write_text(existing)
    print(f"{lang}: moved {len(moved)} keys")
