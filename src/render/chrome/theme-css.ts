import type { Customization } from '../customization.ts';
import type { SitePlan } from '../route-data.ts';

/**
 * The customization of every site space as CSS custom properties, for light and dark: `--primary`,
 * `--primary-contrast`, `--tint`, `--info`, `--success`, `--warning`, `--danger` and the font. Each page's `<html>`
 * names its site space (`data-ss`) and theme (`data-theme`); site spaces with the same colours share one rule.
 * Values come from `resolveCustomization`, which only lets `#hex` colours through.
 *
 * @example
 * themeCss(plan) // → 'html[data-ss="s0"]{--primary:#346DDB;…}html[data-ss="s0"][data-theme="dark"]{…}'
 */
export function themeCss(plan: Pick<SitePlan, 'spaces'>): string {
  const rules = new Map<string, string[]>();
  for (const space of plan.spaces) {
    const light = variables(space.customization, 'light');
    const dark = variables(space.customization, 'dark');
    const key = `${light}\n${dark}`;
    const selectors = rules.get(key) ?? [];
    selectors.push(space.key);
    rules.set(key, selectors);
  }
  let css = '';
  for (const [key, keys] of rules) {
    const [light, dark] = key.split('\n');
    css += `${keys.map((name) => `html[data-ss="${name}"]`).join(',')}{${light}}\n`;
    css += `${keys.map((name) => `html[data-ss="${name}"][data-theme="dark"]`).join(',')}{${dark}}\n`;
  }
  return css;
}

function variables(customization: Customization, mode: 'light' | 'dark'): string {
  const { colors } = customization;
  const primary = colors.primary[mode];
  const list: Array<[string, string]> = [
    ['--primary', primary],
    ['--primary-contrast', contrastOn(primary)],
    ['--info', colors.info[mode]],
    ['--success', colors.success[mode]],
    ['--warning', colors.warning[mode]],
    ['--danger', colors.danger[mode]],
  ];
  if (colors.tint) list.push(['--tint', colors.tint[mode]]);
  if (customization.font && /^[\w .-]{1,50}$/.test(customization.font)) list.push(['--font-custom', `"${customization.font.replace(/([a-z])([A-Z])/g, '$1 $2')}"`]);
  return list.map(([name, value]) => `${name}:${value}`).join(';');
}

/** Black or white, whichever reads better on `hex`. */
function contrastOn(hex: string): string {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const channel = (offset: number) => {
    const value = Number.parseInt(full.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.45 ? '#111111' : '#ffffff';
}
