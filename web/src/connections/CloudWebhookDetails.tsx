/**
 * What a Cloud API connection's admin pastes in Meta's app (issue 32): the webhook's callback address
 * and verify token the API answers for the connection, each with a copy button, and where they go.
 */
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { CopyField } from '../components/CopyField';
import { useTexts } from '../i18n/texts';
import { connectionsTexts } from './texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  help: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export interface CloudWebhookDetailsProps {
  readonly webhookUrl: string;
  readonly webhookVerifyToken: string;
}

export function CloudWebhookDetails({ webhookUrl, webhookVerifyToken }: CloudWebhookDetailsProps) {
  const styles = useStyles();
  const texts = useTexts(connectionsTexts).cloud;
  const labels = { copy: texts.copy, copied: texts.copied, copyFailed: texts.copyFailed };
  return (
    <div className={styles.root}>
      <Body1 className={styles.help}>{texts.webhookHelp}</Body1>
      <CopyField label={texts.webhookUrl} value={webhookUrl} labels={labels} />
      <CopyField label={texts.webhookVerifyToken} value={webhookVerifyToken} labels={labels} />
    </div>
  );
}
