import { createRequire } from "node:module";
import type { EChartsOption } from "echarts";
import { CHART_FONT, CHART_HEIGHT, CHART_WIDTH } from "./chart-options";

/**
 * ECharts' server-side SVG renderer, rasterised by resvg with a font that ships as an npm dependency
 * (Roboto, OFL), never the machine's fonts: CI, a laptop and a production image draw the same picture.
 */
const FONT_FILE = createRequire(import.meta.url).resolve(
  "@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf",
);

export interface ChartPng {
  png: Buffer;
  width: number;
  height: number;
}

interface Engines {
  echarts: typeof import("echarts");
  Resvg: typeof import("@resvg/resvg-js").Resvg;
}

let engines: Promise<Engines> | undefined;

/**
 * ECharts and resvg are loaded on the first chart, not at start: ECharts alone is a large part of a
 * process's memory, and many replicas never draw a chart. The bot draws in a worker
 * (chart-renderer.ts), which loads them as it starts.
 */
export function loadEngines(): Promise<Engines> {
  engines ??= Promise.all([import("echarts"), import("@resvg/resvg-js")]).then(([echarts, resvg]) => ({
    echarts,
    Resvg: resvg.Resvg,
  }));
  return engines;
}

/** Renders an ECharts option (chart-options.ts) to a PNG of CHART_WIDTH x CHART_HEIGHT. CPU only. */
export async function renderChartPng(
  option: EChartsOption,
  width = CHART_WIDTH,
  height = CHART_HEIGHT,
): Promise<ChartPng> {
  const { echarts, Resvg } = await loadEngines();
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  let svg: string;
  try {
    chart.setOption(option);
    svg = chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
  const image = new Resvg(svg, {
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: CHART_FONT },
    background: "#ffffff",
    fitTo: { mode: "original" },
  }).render();
  return { png: image.asPng(), width: image.width, height: image.height };
}
