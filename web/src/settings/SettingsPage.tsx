/**
 * The settings page (/settings, administrators; spec 3 §2 Settings): tabs Opções (always), Horários
 * (when the work-hours setting is `company`) and the super user's Empresas, Planos and Ajuda. Each tab's
 * code loads apart, once the page has shown (lazyComponent, usePreload), so the page's first load is the
 * tab strip and the settings read; the forms' schemas (zod) come with their tab. The settings follow
 * live events.
 */
import { makeStyles, Spinner, Tab, TabList, Title3, tokens } from '@fluentui/react-components';
import { Suspense, useId, useState } from 'react';
import { useSettings } from '../api/settings';
import { useCurrentPage } from '../runtime/current-page';
import { useLanguage } from '../i18n/language';
import { useMe } from '../sign-in/me-context';
import { useTexts } from '../i18n/texts';
import { shownTab, visibleTabs, type SettingsTab } from './settings-tabs';
import { settingsTexts } from './texts';
import { useSettingEvents } from './use-setting-events';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { lazyComponent, usePreload } from '../components/lazy-component';

const OptionsTab = lazyComponent(() => import('./OptionsTab').then((m) => m.OptionsTab));
const WorkHoursTab = lazyComponent(() => import('./WorkHoursTab').then((m) => m.WorkHoursTab));
const CompaniesTab = lazyComponent(() => import('../platform/CompaniesTab').then((m) => m.CompaniesTab));
const PlansTab = lazyComponent(() => import('../platform/PlansTab').then((m) => m.PlansTab));
const HelpsTab = lazyComponent(() => import('../platform/HelpsTab').then((m) => m.HelpsTab));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  // A phone scrolls the strip sideways rather than wrapping it.
  tabs: { overflowX: 'auto', flexShrink: 0 },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
  },
});

export function SettingsPage() {
  const { user, company } = useMe();
  // The platform's tabs only for the super user, the one who can open them.
  usePreload(OptionsTab, WorkHoursTab, ...(user.super ? [CompaniesTab, PlansTab, HelpsTab] : []));
  const styles = useStyles();
  const texts = useTexts(settingsTexts);
  const page = useCurrentPage();
  const { language } = useLanguage();
  const ids = useId();
  const settings = useSettings();
  useSettingEvents();

  const [chosen, setChosen] = useState<SettingsTab>('options');
  // Until the read answers, the settings of /auth/me decide whether the Horários tab shows.
  const visible = visibleTabs(settings.data ?? company.settings, user.super);
  const tab = shownTab(chosen, visible);
  const tabId = (value: SettingsTab) => `${ids}-${value}-tab`;
  const panelId = `${ids}-panel`;

  const panel = () => {
    switch (tab) {
      case 'options':
        if (settings.isPending) return <Spinner label={texts.options.loading} />;
        if (settings.isError) {
          return (
            <LoadErrorBar message={texts.options.loadError} retryLabel={texts.options.retry} onRetry={() => void settings.refetch()} />
          );
        }
        return <OptionsTab settings={settings.data} isSuper={user.super} />;
      case 'hours':
        return <WorkHoursTab companyId={company.id} />;
      case 'companies':
        return <CompaniesTab />;
      case 'plans':
        return <PlansTab />;
      case 'helps':
        return <HelpsTab />;
    }
  };

  return (
    <div className={styles.page}>
      <Title3 as="h1">{page.title[language]}</Title3>
      <TabList
        className={styles.tabs}
        aria-label={texts.tabs.label}
        selectedValue={tab}
        onTabSelect={(_, data) => {
          const picked = visible.find((value) => value === data.value);
          if (picked !== undefined) setChosen(picked);
        }}
      >
        {visible.map((value) => (
          <Tab key={value} id={tabId(value)} value={value} aria-controls={panelId}>
            {texts.tabs[value]}
          </Tab>
        ))}
      </TabList>
      <div className={styles.panel} role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        <Suspense fallback={<Spinner label={texts.tabs.loading} />}>{panel()}</Suspense>
      </div>
    </div>
  );
}
