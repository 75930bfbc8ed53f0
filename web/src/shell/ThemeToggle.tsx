/** Switches between the light and dark theme; the label names what a click will do. */
import { Button, Tooltip } from '@fluentui/react-components';
import { WeatherMoon24Regular, WeatherSunny24Regular } from '@fluentui/react-icons';
import { pt } from '../i18n/pt';
import { useThemeControl } from '../theme/theme-context';

export function ThemeToggle() {
  const { theme, toggleTheme } = useThemeControl();
  const label = theme === 'dark' ? pt.shell.themeToLight : pt.shell.themeToDark;
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={theme === 'dark' ? <WeatherSunny24Regular /> : <WeatherMoon24Regular />}
        onClick={toggleTheme}
      />
    </Tooltip>
  );
}
