/**
 * Emoji shortcodes the bot writes (src/ui, src/alerts) plus common ones people type. Unknown shortcodes stay
 * as text, as Slack shows a custom emoji it does not know.
 */
export const EMOJI: Readonly<Record<string, string>> = {
  // Used by the bot
  arrow_forward: "▶️",
  bust_in_silhouette: "👤",
  double_vertical_bar: "⏸️",
  eyes: "👀",
  grey_question: "❔",
  hourglass_flowing_sand: "⏳",
  information_source: "ℹ️",
  large_green_circle: "🟢",
  link: "🔗",
  red_circle: "🔴",
  tada: "🎉",
  warning: "⚠️",
  wave: "👋",
  white_check_mark: "✅",
  rotating_light: "🚨",
  bell: "🔔",
  no_bell: "🔕",
  large_yellow_circle: "🟡",
  large_orange_circle: "🟠",
  large_blue_circle: "🔵",
  // Common
  white_circle: "⚪",
  black_circle: "⚫",
  red_square: "🟥",
  green_square: "🟩",
  x: "❌",
  heavy_check_mark: "✔️",
  heavy_plus_sign: "➕",
  heavy_minus_sign: "➖",
  question: "❓",
  exclamation: "❗",
  heavy_exclamation_mark: "❗",
  bangbang: "‼️",
  no_entry: "⛔",
  no_entry_sign: "🚫",
  sos: "🆘",
  construction: "🚧",
  fire: "🔥",
  zap: "⚡",
  boom: "💥",
  rocket: "🚀",
  sparkles: "✨",
  "+1": "👍",
  thumbsup: "👍",
  "-1": "👎",
  thumbsdown: "👎",
  ok_hand: "👌",
  pray: "🙏",
  clap: "👏",
  smile: "😄",
  slightly_smiling_face: "🙂",
  thinking_face: "🤔",
  sweat_smile: "😅",
  heart: "❤️",
  chart_with_upwards_trend: "📈",
  chart_with_downwards_trend: "📉",
  bar_chart: "📊",
  stopwatch: "⏱️",
  alarm_clock: "⏰",
  hourglass: "⌛",
  calendar: "📅",
  date: "📅",
  mag: "🔍",
  gear: "⚙️",
  wrench: "🔧",
  hammer_and_wrench: "🛠️",
  lock: "🔒",
  unlock: "🔓",
  key: "🔑",
  shield: "🛡️",
  globe_with_meridians: "🌐",
  earth_americas: "🌎",
  earth_africa: "🌍",
  satellite: "📡",
  computer: "💻",
  desktop_computer: "🖥️",
  iphone: "📱",
  phone: "☎️",
  email: "📧",
  envelope: "✉️",
  memo: "📝",
  pushpin: "📌",
  speech_balloon: "💬",
  busts_in_silhouette: "👥",
  pause_button: "⏸️",
  stop_button: "⏹️",
  repeat: "🔁",
  arrows_counterclockwise: "🔄",
  mute: "🔇",
  loud_sound: "🔊",
  robot_face: "🤖",
  point_right: "👉",
  white_circle_with_check: "✅",
};

const SHORTCODE = /:([a-z0-9_+-]+):/y;

/**
 * Replaces known `:shortcodes:` in already-escaped text (shortcodes contain no HTML-special characters). An
 * unknown one gives back only its first colon, so "10:04:warning:" still finds ":warning:".
 */
export function replaceEmoji(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const colon = text.indexOf(":", i);
    if (colon < 0) break;
    out += text.slice(i, colon);
    SHORTCODE.lastIndex = colon;
    const match = SHORTCODE.exec(text);
    const emoji = match ? EMOJI[match[1] ?? ""] : undefined;
    if (match && emoji !== undefined) {
      out += emoji;
      i = colon + match[0].length;
    } else {
      out += ":";
      i = colon + 1;
    }
  }
  return out + text.slice(i);
}
