import { inflateSync } from "node:zlib";

/** What the chart tests need to know of a PNG: its size, and whether anything is drawn on it. */
export interface PngInfo {
  width: number;
  height: number;
  /** Distinct RGBA colours (a blank picture has one). */
  colours: number;
  /** Share of pixels that differ from the top-left one (the background). */
  inkShare: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Reads an 8-bit RGBA or RGB, non-interlaced PNG (what resvg writes): the IHDR size, then the IDAT stream
 * inflated and unfiltered (PNG spec section 9). Throws on anything else, so a wrong file fails the test.
 */
export function readPng(png: Buffer): PngInfo {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG: bad signature");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      const colourType = data[9];
      if (depth !== 8 || data[12] !== 0) throw new Error("only 8-bit non-interlaced PNGs are read here");
      channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
      if (!channels) throw new Error(`colour type ${colourType} is not read here`);
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const v = line[x] ?? 0;
      let out: number;
      if (filter === 0) out = v;
      else if (filter === 1) out = v + a;
      else if (filter === 2) out = v + b;
      else if (filter === 3) out = v + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        out = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      } else throw new Error(`bad filter ${filter}`);
      pixels[y * stride + x] = out & 0xff;
    }
  }
  const colours = new Set<string>();
  const background = pixels.subarray(0, channels).toString("hex");
  let ink = 0;
  for (let i = 0; i < pixels.length; i += channels) {
    const px = pixels.subarray(i, i + channels).toString("hex");
    colours.add(px);
    if (px !== background) ink++;
  }
  return { width, height, colours: colours.size, inkShare: ink / (width * height) };
}
