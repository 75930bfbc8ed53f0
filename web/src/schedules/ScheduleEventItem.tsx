/**
 * A schedule on the calendar (spec 2 §2: the contact's name at the send time, with edit and delete): its
 * status's icon and name in the status's colours (schedule-status.ts), the time, the contact, and its
 * buttons, edit and delete for its author and admins (shared/schedule-rules.ts mayChangeSchedule), a
 * button to read it for the others (the server would refuse their changes).
 *
 * Two forms: `compact` in a month's cell, one line whose name gives way to the buttons (the time and the
 * status's name are read with it and shown on hover); `detailed` in the week's columns, the day and the
 * agenda, where the status's name shows beside its icon, and the day and the agenda add the message's
 * first lines (without WhatsApp's formatting markers, as the ticket list writes a message), or the
 * template it sends (issue 32). A failed one says why (its error code's text) under its name, and in the
 * compact form's hover text. The buttons sit beside the text, never on it.
 */
import { Badge, Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import type { FluentIcon } from '@fluentui/react-icons';
import { CheckmarkCircle16Regular } from '@fluentui/react-icons/svg/checkmark-circle';
import { Clock16Regular } from '@fluentui/react-icons/svg/clock';
import { Delete16Regular } from '@fluentui/react-icons/svg/delete';
import { Edit16Regular } from '@fluentui/react-icons/svg/edit';
import { ErrorCircle16Regular } from '@fluentui/react-icons/svg/error-circle';
import { Eye16Regular } from '@fluentui/react-icons/svg/eye';
import { Send16Regular } from '@fluentui/react-icons/svg/send';
import type { ScheduledMessage } from '../../../shared/scheduled-messages';
import { errorText } from '../i18n/errors';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { previewText } from '../tickets/ticket-format';
import type { CalendarFormats } from './calendar-format';
import { statusLook, type StatusIcon, type StatusTone } from './schedule-status';
import { schedulesTexts } from './texts';

const useStyles = makeStyles({
  event: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXXS} ${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    borderLeftWidth: tokens.strokeWidthThickest,
    borderLeftStyle: 'solid',
    color: tokens.colorNeutralForeground1,
    listStyleType: 'none',
  },
  brand: { backgroundColor: tokens.colorBrandBackground2, borderLeftColor: tokens.colorBrandStroke1 },
  warning: { backgroundColor: tokens.colorStatusWarningBackground1, borderLeftColor: tokens.colorStatusWarningBorder2 },
  success: { backgroundColor: tokens.colorStatusSuccessBackground1, borderLeftColor: tokens.colorStatusSuccessBorder2 },
  danger: { backgroundColor: tokens.colorStatusDangerBackground1, borderLeftColor: tokens.colorStatusDangerBorder2 },
  line: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, minWidth: 0 },
  icon: { flexShrink: 0 },
  brandIcon: { color: tokens.colorBrandForeground1 },
  warningIcon: { color: tokens.colorStatusWarningForeground3 },
  successIcon: { color: tokens.colorStatusSuccessForeground1 },
  dangerIcon: { color: tokens.colorStatusDangerForeground1 },
  time: { flexShrink: 0, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  compactText: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  body: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    // Two lines at most (as a kanban card's message): the dialog shows the whole message.
    maxHeight: `calc(2 * ${tokens.lineHeightBase200})`,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-line',
  },
  actions: { display: 'flex', flexShrink: 0, marginLeft: 'auto' },
  action: { minWidth: 'auto' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

const ICONS: Readonly<Record<StatusIcon, FluentIcon>> = {
  clock: Clock16Regular,
  send: Send16Regular,
  checkmark: CheckmarkCircle16Regular,
  error: ErrorCircle16Regular,
};

/** What an event's buttons do: the page's handlers, and whether the viewer may change a schedule. */
export interface ScheduleEventActions {
  readonly edit: (id: string) => void;
  readonly remove: (id: string) => void;
  readonly mayChange: (schedule: ScheduledMessage) => boolean;
}

export interface ScheduleEventItemProps {
  readonly schedule: ScheduledMessage;
  readonly form: 'compact' | 'detailed';
  /** The message's first lines under the name (the day and the agenda). */
  readonly withBody?: boolean;
  readonly formats: CalendarFormats;
  readonly actions: ScheduleEventActions;
}

export function ScheduleEventItem({ schedule, form, withBody = false, formats, actions }: ScheduleEventItemProps) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts);
  const { language } = useLanguage();
  const name = schedule.contact.name;
  const failure = schedule.status === 'ERRO' && schedule.error !== null ? format(texts.dialog.failure, { reason: errorText(schedule.error, language) }) : null;
  const time = formats.time(new Date(schedule.sendAt));
  const status = texts.status[schedule.status];
  const look = statusLook(schedule.status);
  const tone: Readonly<Record<StatusTone, string>> = { brand: styles.brand, warning: styles.warning, success: styles.success, danger: styles.danger };
  const iconTone: Readonly<Record<StatusTone, string>> = {
    brand: styles.brandIcon,
    warning: styles.warningIcon,
    success: styles.successIcon,
    danger: styles.dangerIcon,
  };
  const StatusIconOf = ICONS[look.icon];
  const statusIcon = <StatusIconOf className={mergeClasses(styles.icon, iconTone[look.tone])} />;

  const buttons = (
    <span className={styles.actions}>
      {actions.mayChange(schedule) ? (
        <>
          <Tooltip content={format(texts.event.edit, { name })} relationship="label">
            <Button className={styles.action} appearance="transparent" size="small" icon={<Edit16Regular />} onClick={() => actions.edit(schedule.id)} />
          </Tooltip>
          <Tooltip content={format(texts.event.delete, { name })} relationship="label">
            <Button className={styles.action} appearance="transparent" size="small" icon={<Delete16Regular />} onClick={() => actions.remove(schedule.id)} />
          </Tooltip>
        </>
      ) : (
        // Someone else's schedule: opened to read (the dialog shows it without its submit button).
        <Tooltip content={format(texts.event.view, { name })} relationship="label">
          <Button className={styles.action} appearance="transparent" size="small" icon={<Eye16Regular />} onClick={() => actions.edit(schedule.id)} />
        </Tooltip>
      )}
    </span>
  );

  if (form === 'compact') {
    const summary = format(texts.event.summary, { time, status });
    return (
      <li className={mergeClasses(styles.event, tone[look.tone])} title={[name, summary, failure].filter((part) => part !== null).join(' · ')}>
        <span className={mergeClasses(styles.line, styles.compactText)}>
          {statusIcon}
          <span className={styles.name}>{name}</span>
          <span className={styles.hidden}>, {summary}</span>
          {buttons}
        </span>
      </li>
    );
  }
  return (
    <li className={mergeClasses(styles.event, tone[look.tone])}>
      <span className={styles.line}>
        <time className={styles.time} dateTime={schedule.sendAt}>
          {time}
        </time>
        <Badge appearance="tint" color={look.tone} size="small" icon={statusIcon}>
          {status}
        </Badge>
      </span>
      <span className={styles.line}>
        <span className={styles.name}>{name}</span>
        {buttons}
      </span>
      {failure !== null && <span className={mergeClasses(styles.body, styles.dangerIcon)}>{failure}</span>}
      {withBody && schedule.body !== '' && <span className={styles.body}>{previewText(schedule.body)}</span>}
      {withBody && schedule.template !== null && (
        <span className={styles.body}>{format(texts.event.template, { name: schedule.template.name, language: schedule.template.language })}</span>
      )}
    </li>
  );
}
