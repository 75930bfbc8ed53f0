/**
 * The 50 preset colours of the queue dialog (spec 3 §2 Queues, §9 'Colour palette of 50 presets'; the
 * spec does not list them): ten hues in five tones, from very light to very dark, so a company with many
 * queues still finds distinct colours (a queue's colour is unique in the company). Each has a name for
 * screen readers, its hue and tone in the interface language.
 */
export const PALETTE_HUES = ['red', 'orange', 'yellow', 'green', 'teal', 'cyan', 'blue', 'violet', 'pink', 'gray'] as const;
export const PALETTE_TONES = ['lighter', 'light', 'medium', 'dark', 'darker'] as const;

export type PaletteHue = (typeof PALETTE_HUES)[number];
export type PaletteTone = (typeof PALETTE_TONES)[number];

export interface PresetColor {
  readonly hex: string;
  readonly hue: PaletteHue;
  readonly tone: PaletteTone;
}

/** By hue, the five tones from very light to very dark. */
const TONES_BY_HUE: Readonly<Record<PaletteHue, readonly [string, string, string, string, string]>> = {
  red: ['#FECACA', '#F87171', '#DC2626', '#991B1B', '#450A0A'],
  orange: ['#FED7AA', '#FB923C', '#EA580C', '#9A3412', '#431407'],
  yellow: ['#FEF08A', '#FACC15', '#CA8A04', '#854D0E', '#422006'],
  green: ['#BBF7D0', '#4ADE80', '#16A34A', '#166534', '#052E16'],
  teal: ['#99F6E4', '#2DD4BF', '#0D9488', '#115E59', '#042F2E'],
  cyan: ['#A5F3FC', '#22D3EE', '#0891B2', '#155E75', '#083344'],
  blue: ['#BFDBFE', '#60A5FA', '#2563EB', '#1E40AF', '#172554'],
  violet: ['#DDD6FE', '#A78BFA', '#7C3AED', '#5B21B6', '#2E1065'],
  pink: ['#FBCFE8', '#F472B6', '#DB2777', '#9D174D', '#500724'],
  gray: ['#E5E7EB', '#9CA3AF', '#4B5563', '#1F2937', '#030712'],
};

/** Row by row as the grid shows them: one row per tone, one column per hue. */
export const PRESET_COLORS: readonly PresetColor[] = PALETTE_TONES.flatMap((tone, toneIndex) =>
  PALETTE_HUES.map((hue) => ({ hex: TONES_BY_HUE[hue][toneIndex] ?? '#000000', hue, tone })),
);

/** The grid's columns (one per hue). */
export const PALETTE_COLUMNS = PALETTE_HUES.length;

/** Colours compare without case, as the server's uniqueness does. */
export const sameColor = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The preset of a colour, when it is one. */
export function presetOf(color: string): PresetColor | undefined {
  return PRESET_COLORS.find((preset) => sameColor(preset.hex, color));
}

/**
 * A new queue's colour: the first preset (medium tones first, the most readable on both themes) that no
 * queue of the company has, so the first save is not refused as a taken colour.
 */
export function firstFreeColor(taken: readonly string[]): string {
  const ordered = [...PRESET_COLORS].sort((a, b) => toneRank(a.tone) - toneRank(b.tone));
  // With all 50 taken, the first one: the server then says the colour is taken, and the admin types another.
  return (ordered.find((preset) => !taken.some((color) => sameColor(color, preset.hex))) ?? ordered[0])?.hex ?? '#2563EB';
}

const RANK: Readonly<Record<PaletteTone, number>> = { medium: 0, dark: 1, light: 2, darker: 3, lighter: 4 };
const toneRank = (tone: PaletteTone): number => RANK[tone];

/**
 * Where the focus goes in the grid for a key (roving focus, as a radio group): arrows move by one
 * swatch or one row, Home and End to the ends; undefined for any other key.
 */
export function nextSwatchIndex(index: number, key: string, count = PRESET_COLORS.length, columns = PALETTE_COLUMNS): number | undefined {
  const clamp = (at: number) => Math.min(count - 1, Math.max(0, at));
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
