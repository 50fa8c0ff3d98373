// Decode QR codes with jsQR (the in-app scanner's decoder, from node_modules): reads a JSON
// list of module matrices (rows of 0/1, no quiet zone) on stdin, draws each black on white
// with a quiet zone of four at four pixels a module, and prints the decoded texts (null: not
// read) as a JSON list. Used by tests/app/test_net_qr.py.
"use strict";
const jsQR = require("jsqr");
let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const out = JSON.parse(input).map((rows) => {
    const scale = 4;
    const n = rows.length + 8;
    const w = n * scale;
    const data = new Uint8ClampedArray(w * w * 4).fill(255);
    rows.forEach((row, y) => row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + 4) * scale + dy) * w + (x + 4) * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }));
    const code = jsQR(data, w, w, { inversionAttempts: "dontInvert" });
    return code ? code.data : null;
  });
  process.stdout.write(JSON.stringify(out));
});
