/** Switches between the light and dark theme; the label names what a click will do. */
import { Button, Tooltip } from '@fluentui/react-components';
import { WeatherMoon24Regular } from '@fluentui/react-icons/svg/weather-moon';
import { WeatherSunny24Regular } from '@fluentui/react-icons/svg/weather-sunny';
import { useTexts } from '../i18n/texts';
import { themeTexts } from './texts';
import { useThemeControl } from './theme-context';

export function ThemeToggle() {
  const { theme, toggleTheme } = useThemeControl();
  const texts = useTexts(themeTexts);
  const label = theme === 'dark' ? texts.themeToLight : texts.themeToDark;
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
