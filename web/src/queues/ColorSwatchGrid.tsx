/**
 * The 50 preset colours as a radio group (queue-colors.ts): one swatch per colour, named by its hue,
 * tone and hex for screen readers, the chosen one checked and marked with a ring and a tick. One Tab
 * stop: the arrows move through the grid (by one swatch, or one row up or down), Home and End to its
 * ends, and moving chooses, as in any radio group. The swatches' colours are data, not theme tokens;
 * their frame and ring are the theme's, so they show on both themes.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Checkmark16Filled } from '@fluentui/react-icons/svg/checkmark';
import { useRef, type KeyboardEvent } from 'react';
import { format, useTexts } from '../i18n/texts';
import { nextSwatchIndex, PALETTE_COLUMNS, PRESET_COLORS, sameColor, type PresetColor } from './queue-colors';
import { queuesTexts } from './texts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: `repeat(${PALETTE_COLUMNS}, minmax(24px, 32px))`,
    gap: tokens.spacingHorizontalXS,
  },
  swatch: {
    position: 'relative',
    aspectRatio: '1',
    minWidth: '24px',
    minHeight: '24px',
    padding: 0,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
    ':disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  checked: {
    boxShadow: `0 0 0 ${tokens.strokeWidthThick} ${tokens.colorNeutralBackground1}, 0 0 0 ${tokens.strokeWidthThicker} ${tokens.colorNeutralForeground1}`,
  },
  // The tick on a light swatch is dark and on a dark one light: the colours are data, so the choice is by luminance.
  tickDark: { color: '#000000' },
  tickLight: { color: '#FFFFFF' },
});

/** Whether black reads better than white on a colour (relative luminance above the midpoint). */
function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
}

export interface ColorSwatchGridProps {
  /** The colour as typed; none of the swatches is checked when it is not a preset. */
  readonly value: string;
  readonly onChange: (hex: string) => void;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
  /** The group's accessible name. */
  readonly label: string;
}

export function ColorSwatchGrid({ value, onChange, onBlur, disabled = false, label }: ColorSwatchGridProps) {
  const styles = useStyles();
  const texts = useTexts(queuesTexts);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = PRESET_COLORS.findIndex((preset) => sameColor(preset.hex, value));
  // The one Tab stop: the chosen swatch, else the first.
  const tabStop = checkedIndex >= 0 ? checkedIndex : 0;

  const nameOf = (preset: PresetColor) =>
    format(texts.colors.swatch, { hue: texts.colors.hues[preset.hue], tone: texts.colors.tones[preset.tone], hex: preset.hex });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextSwatchIndex(index, event.key);
    if (next === undefined) return;
    event.preventDefault();
    const preset = PRESET_COLORS[next];
    if (preset === undefined) return;
    onChange(preset.hex);
    buttons.current[next]?.focus();
  };

  return (
    <div role="radiogroup" aria-label={label} className={styles.grid}>
      {PRESET_COLORS.map((preset, index) => {
        const checked = index === checkedIndex;
        return (
          <button
            key={preset.hex}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={nameOf(preset)}
            title={preset.hex}
            tabIndex={index === tabStop ? 0 : -1}
            disabled={disabled}
            className={mergeClasses(styles.swatch, checked && styles.checked)}
            style={{ backgroundColor: preset.hex }}
            onClick={() => onChange(preset.hex)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onBlur={onBlur}
          >
            {checked && <Checkmark16Filled aria-hidden className={isLight(preset.hex) ? styles.tickDark : styles.tickLight} />}
          </button>
        );
      })}
    </div>
  );
}
