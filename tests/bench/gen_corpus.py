#!/usr/bin/env python3
"""Writes the benchmark corpus: IRIs, one per line, deterministic.

Usage: gen_corpus.py [--lines N] [--seed S] [--mix MIX] > corpus.txt
       (N = 200000, S = 3987, MIX = mixed)

Only random.Random(seed) draws from ordered lists, so the same N and S give the
same bytes on every run and Python version (no set or dict iteration order, no
hash randomisation).  Line kinds (shares of the lines):
  54.5% plain ASCII URLs
   0.5% ASCII URLs with a space, '|' or another character RFC 3987 does not
        allow, as real link files have (irie to-uri escapes it and reports it)
  10%   accented Latin paths and queries (15% of them on a Latin IDN host)
   8%   CJK paths: Chinese, Japanese, Korean (30% on a CJK IDN host)
   5%   Arabic paths (35% on an Arabic IDN host)
   4%   Hebrew paths (35% on a Hebrew IDN host)
  12%   IDN hosts in many scripts (Cyrillic, Greek, Arabic, Hebrew, Chinese,
        Japanese, Korean, Thai, Devanagari, Tamil, Georgian, German with ß and
        umlauts, other Latin) with ASCII paths
   6%   ASCII URLs with percent-escapes already present (some also raw non-ASCII)
Every kind: https/http/ftp schemes, a query on ~30% and a fragment on ~8% of
lines, userinfo on ~1%, a port on ~2%.  Hosts come from pools (a few thousand
ASCII hosts, about two thousand IDN hosts) drawn Zipf-like (weight 1/rank),
so they repeat as in real link files.  Lines are 40 to 120 bytes long.

--mix=ascii-long-query is a corpus of another shape: 95% plain ASCII URLs
with long queries (3 to 12 parameters, tracking and search strings, some
already %-escaped), lines of 60 to 400 bytes; 5% IRIs (2% accented Latin,
1.5% CJK paths, 1.5% IDN hosts), with the mixed corpus's short queries.
"""
import argparse
import bisect
import random
import sys

ASCII_WORDS = (
    "news article blog post products item search images user docs api v1 v2 "
    "help about contact index category tags archive 2023 2024 shop cart login "
    "download files media video music sports weather world business tech "
    "science health travel food recipes events jobs forum wiki page static "
    "assets css js img en de fr ja ar he zh"
).split()
ASCII_HOST_WORDS = (
    "example acme globex initech umbrella stark wayne wonka cyberdyne hooli "
    "vandelay soylent tyrell massive dynamic pied piper aperture black mesa "
    "north wind contoso fabrikam adventure tailspin wide world fourth coffee "
    "litware proseware lucerne margie trey alpine blue yonder city power "
    "graphic design litware school treyresearch"
).split()
ASCII_TLDS = "com com com org net de co.uk io fr jp nl it es ch se edu gov info".split()
SUBDOMAINS = ["www", "www", "", "", "blog", "shop", "news", "m", "docs", "cdn"]

LATIN_WORDS = (
    "café résumé naïve über straße mañana niño São_Paulo Zürich crème-brûlée "
    "façade Ærø smørrebrød Kraków Łódź čeština Dürst jalapeño piñata garçon "
    "Málaga Québec Göteborg Ångström İstanbul háček Øresund fiancée Señor "
    "Bjørn Reykjavík Þingvellir Ærøskøbing Brno_Česká München"
).split()
CJK_WORDS = (
    "新闻 北京 中文 产品 搜索 图片 维基百科 上海 日本語 東京 ニュース 検索 引き割り "
    "ひらがな カタカナ 大阪 写真 한국어 서울 뉴스 검색 사진 부산"
).split()
ARABIC_WORDS = (
    "مرحبا أخبار القاهرة العربية بحث منتجات مقالات ويكيبيديا الرياض دبي "
    "صور رياضة"
).split()
HEBREW_WORDS = "שלום חדשות ירושלים עברית חיפוש מוצרים מאמרים תל-אביב תמונות ספורט".split()

# IDN host parts per script: label words, TLDs (a label may join two words).
IDN_SCRIPTS = [
    ("cyrillic", "пример магазин новости москва россия книги почта банк погода кино".split(),
     "рф рф ru com укр".split()),
    ("greek", "παράδειγμα ειδήσεις αθήνα βιβλία καιρός ταξίδια".split(), "ελ gr com".split()),
    ("arabic", "مثال أخبار السوق الكتب مصر موقع".split(), "مصر السعودية امارات com".split()),
    ("hebrew", "דוגמה חדשות ספרים קניות אתר".split(), "ישראל co.il com".split()),
    ("chinese", "例子 中国 新闻 买卖 公司 网络 北京".split(), "中国 公司 网络 cn com".split()),
    ("japanese", "例え 日本 東京 ニュース 買い物 ひらがな".split(), "jp jp com".split()),
    ("korean", "테스트 한국어 쇼핑 뉴스 서울".split(), "한국 kr com".split()),
    ("thai", "ตัวอย่าง ข่าว ร้านค้า ไทย".split(), "ไทย th com".split()),
    ("devanagari", "उदाहरण समाचार भारत दुकान".split(), "भारत in com".split()),
    ("tamil", "உதாரணம் செய்தி".split(), "இந்தியா in".split()),
    ("georgian", "მაგალითი ამბები".split(), "გე ge".split()),
    ("german", "straße bücher müller bäckerei größe jürgen köln grüße".split(), "de de at ch com".split()),
    ("latin", "café español ñandú øl résumé façade señor".split(), "es fr no com".split()),
]
SCRIPT_OF_KIND = {"latin": ["german", "latin"], "cjk": ["chinese", "japanese", "korean"],
                  "arabic": ["arabic"], "hebrew": ["hebrew"]}

ESCAPED_SEGMENTS = ["ros%C3%A9", "caf%C3%A9", "a%20b", "%E4%B8%AD%E6%96%87", "file%20name.pdf",
                    "%D7%A9%D7%9C%D7%95%D7%9D", "100%25", "%7Euser", "d%C3%BCrst", "%F0%9F%98%80"]
KINDS = [("ascii", 545), ("unwise", 5), ("latin", 100), ("cjk", 80), ("arabic", 50),
         ("hebrew", 40), ("idn", 120), ("escaped", 60)]   # per mille
# --mix=ascii-long-query: kinds per mille, and the parameters of its long queries.
KINDS_LONG_QUERY = [("ascii-long", 950), ("latin", 20), ("cjk", 15), ("idn", 15)]
QUERY_KEYS = ("q id page lang s ref utm_source utm_medium utm_campaign utm_term utm_content "
              "sort order filter limit offset session token category tag format callback").split()
QUERY_VALUES = ASCII_WORDS + ["newsletter", "email", "cpc", "spring_sale", "a%20b", "x%2Fy",
                              "1f3a9c27e4b8d605", "en-US", "desc", "asc", "json", "true", "false"]
UNWISE_SEGMENTS = ["a b", "file name.pdf", "x|y", "{id}", "<tag>", "a^b", "back\\slash", "q\"uote"]


class Zipf:
    """Draws from items with weight 1/rank^s (rank from 1)."""

    def __init__(self, items, s=1.0):
        self.items = items
        self.cumulative = []
        total = 0.0
        for rank in range(1, len(items) + 1):
            total += 1.0 / rank ** s
            self.cumulative.append(total)

    def draw(self, rng):
        return self.items[bisect.bisect_left(self.cumulative, rng.random() * self.cumulative[-1])]


def unique_in_order(items):
    seen, out = {}, []
    for item in items:
        if item not in seen:
            seen[item] = True
            out.append(item)
    return out


def ascii_hosts(rng, count):
    hosts = []
    while len(hosts) < count * 2:
        name = rng.choice(ASCII_HOST_WORDS)
        if rng.random() < 0.6:
            name += rng.choice(["", "-"]) + rng.choice(ASCII_HOST_WORDS)
        if rng.random() < 0.2:
            name += str(rng.randrange(1, 100))
        sub = rng.choice(SUBDOMAINS)
        hosts.append((sub + "." if sub else "") + name + "." + rng.choice(ASCII_TLDS))
    hosts = unique_in_order(hosts)[:count]
    rng.shuffle(hosts)
    return hosts


def idn_hosts(rng, per_script):
    pools = {}
    for script, words, tlds in IDN_SCRIPTS:
        hosts = []
        for _ in range(per_script * 3):
            label = rng.choice(words)
            if rng.random() < 0.7:
                label += rng.choice(words)
            sub = rng.choice(["www", "", "", ""])
            hosts.append((sub + "." if sub else "") + label + "." + rng.choice(tlds))
        hosts = unique_in_order(hosts)[:per_script]
        rng.shuffle(hosts)
        pools[script] = Zipf(hosts)
    return pools


def authority(rng, host):
    text = host
    if rng.random() < 0.01:
        text = rng.choice(["user", "anonymous", "bob:secret", "ftp"]) + "@" + text
    if rng.random() < 0.02:
        text += ":" + rng.choice(["8080", "8443", "3000", "81", "21"])
    return text


def line_for(rng, kind, ascii_pool, idn_pools, target_bytes):
    words = {"latin": LATIN_WORDS, "cjk": CJK_WORDS, "arabic": ARABIC_WORDS,
             "hebrew": HEBREW_WORDS}.get(kind, ASCII_WORDS)
    idn_share = {"latin": 0.15, "cjk": 0.30, "arabic": 0.35, "hebrew": 0.35, "idn": 1.0}.get(kind, 0.0)
    if rng.random() < idn_share:
        scripts = SCRIPT_OF_KIND.get(kind) or [s for s, _, _ in IDN_SCRIPTS]
        host = idn_pools[rng.choice(scripts)].draw(rng)
    else:
        host = ascii_pool.draw(rng)
    scheme = rng.choices(["https", "http", "ftp"], weights=[70, 27, 3])[0]
    head = scheme + "://" + authority(rng, host)
    tail = ""
    if rng.random() < 0.30:
        key = rng.choice(["q", "id", "page", "lang", "s", "ref", "utm_source"])
        value = rng.choice(words) if kind != "escaped" else rng.choice(ESCAPED_SEGMENTS)
        tail += "?" + key + "=" + value
        if rng.random() < 0.4:
            tail += "&" + rng.choice(["sort", "n", "v"]) + "=" + str(rng.randrange(1, 1000))
    if rng.random() < 0.08:
        tail += "#" + rng.choice(["top", "section-2", "comments", rng.choice(words)])
    path = ""
    while True:
        if kind == "unwise" and not path:
            segment = rng.choice(UNWISE_SEGMENTS)
        elif kind == "escaped" and (not path or rng.random() < 0.5):
            segment = rng.choice(ESCAPED_SEGMENTS)
            if rng.random() < 0.3:
                segment += rng.choice(LATIN_WORDS + CJK_WORDS)
        elif kind in ("ascii", "unwise", "idn", "escaped") or rng.random() < 0.3:
            segment = rng.choice(ASCII_WORDS)
            if rng.random() < 0.2:
                segment += "-" + str(rng.randrange(1, 10000))
        else:
            segment = rng.choice(words)
        candidate = path + "/" + segment
        if path and len((head + candidate + tail).encode()) > 120:
            break
        path = candidate
        if len((head + path + tail).encode()) >= target_bytes:
            break
    if rng.random() < 0.1:
        suffix = rng.choice(["/", ".html", ".pdf", ".php"])
        if len((head + path + suffix + tail).encode()) <= 120:
            path += suffix
    line = head + path + tail
    while len(line.encode()) > 120 and tail:   # too long: drop query and fragment
        tail = ""
        line = head + path
    return line


def long_query_line(rng, ascii_pool, target_bytes):
    """A plain ASCII URL with a long query: target_bytes long or a little more."""
    scheme = rng.choices(["https", "http"], weights=[85, 15])[0]
    path = ""
    for _ in range(rng.randrange(1, 5)):
        path += "/" + rng.choice(ASCII_WORDS)
    if rng.random() < 0.3:
        path += rng.choice([".html", ".php", "/"])
    line = scheme + "://" + authority(rng, ascii_pool.draw(rng)) + path
    sep = "?"
    params = 0
    while params < 3 or (len(line) < target_bytes and params < 12):
        value = rng.choice(QUERY_VALUES)
        if rng.random() < 0.3:
            value += str(rng.randrange(1, 100000))
        line += sep + rng.choice(QUERY_KEYS) + "=" + value
        sep = "&"
        params += 1
    if rng.random() < 0.05:
        line += "#" + rng.choice(["top", "results", "section-2"])
    return line


def main():
    parser = argparse.ArgumentParser(description="deterministic mixed IRI corpus")
    parser.add_argument("--lines", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=3987)
    parser.add_argument("--mix", choices=["mixed", "ascii-long-query"], default="mixed")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ascii_pool = Zipf(ascii_hosts(rng, 3000))
    idn_pools = idn_hosts(rng, 160)
    table = KINDS if args.mix == "mixed" else KINDS_LONG_QUERY
    kinds = [k for k, _ in table]
    weights = [w for _, w in table]
    out = sys.stdout.buffer
    for _ in range(args.lines):
        kind = rng.choices(kinds, weights=weights)[0]
        if kind == "ascii-long":
            line = long_query_line(rng, ascii_pool, int(rng.triangular(60, 400, 160)))
        else:
            line = line_for(rng, kind, ascii_pool, idn_pools, int(rng.triangular(40, 120, 62)))
        out.write(line.encode("utf-8") + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
