// Benchmark peer: Node's WHATWG URL.  Per line: new URL(line).href -- the URL
// Standard's parser and serialiser: lower-cases scheme and host, host through
// UTS #46 (ToASCII, nontransitional), %-encodes non-ASCII and space/'"'/'<'/'>'/
// '`' (per component sets), drops default ports, normalises dot segments,
// adds '/' to an empty http path; relative references and bad hosts throw.
// A line it rejects gets an empty output line and is counted; the count goes
// to stderr as "errors N".  Reads stdin in chunks, writes in batches.
// Usage: node peer_url.js < lines > uris;  node peer_url.js --version
'use strict';

if (process.argv[2] === '--version') {
  process.stdout.write(`Node ${process.versions.node} (ICU ${process.versions.icu})\n`);
  process.exit(0);
}

let errors = 0;
let rest = '';
const out = [];

function mapLine(line) {
  try {
    return new URL(line).href;
  } catch (e) {
    errors++;
    return '';
  }
}

function flush() {
  if (out.length > 0) {
    out.push('');
    process.stdout.write(out.join('\n'));
    out.length = 0;
  }
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const text = rest + chunk;
  let start = 0;
  let nl;
  while ((nl = text.indexOf('\n', start)) >= 0) {
    out.push(mapLine(text.slice(start, nl)));
    start = nl + 1;
  }
  rest = text.slice(start);
  flush();
});
process.stdin.on('end', () => {
  if (rest.length > 0)
    out.push(mapLine(rest));
  flush();
  process.stderr.write(`errors ${errors}\n`);
});
