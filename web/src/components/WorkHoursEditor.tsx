/**
 * A weekly work-hours editor (spec 3 §2 Queues and Settings' Horários, §5, §9): one row per weekday with
 * its start and end, typed through the HH:MM mask (work-hours.ts) and checked by the server's schedule
 * schema. A day whose start equals its end is closed, and says so. The hours are written only when the
 * screen's own save runs (the queue's, the Horários tab's), which the reminder says once they changed.
 */
import { Badge, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { ArrowReset20Regular } from '@fluentui/react-icons/svg/arrow-reset';
import type { FieldMessages } from '../components/use-schema-form';
import { format, useTexts } from '../i18n/texts';
import { workHoursTexts } from './work-hours-texts';
import { isClosed, maskTime, type WorkDay } from './work-hours';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  rows: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  row: {
    display: 'grid',
    // The times keep their width and the weekday takes what is left, down to a 390 px phone.
    gridTemplateColumns: 'minmax(0, 1fr) minmax(64px, 96px) minmax(64px, 96px)',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalS,
  },
  day: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, minHeight: '32px' },
  header: { color: tokens.colorNeutralForeground3 },
  // Fluent's input is as wide as twenty characters unless told otherwise: here it fills its column.
  time: { width: '100%', minWidth: 0, fontVariantNumeric: 'tabular-nums' },
  timeInput: { width: '100%', minWidth: 0 },
  restore: { alignSelf: 'flex-start' },
});

export interface WorkHoursEditorProps {
  readonly week: readonly WorkDay[];
  /** Whether the hours differ from those the dialog opened with: the reminder to save shows. */
  readonly changed: boolean;
  /** The form's messages, by path (`schedules.2.endTime`). */
  readonly messages: FieldMessages;
  readonly messageText: (message: string | undefined) => string | undefined;
  readonly disabled: boolean;
  readonly onChange: (week: WorkDay[]) => void;
  readonly onLeave: () => void;
  /** The screen's own words: the reminder to save, what a closed day means there. */
  readonly labels: { readonly reminder: string; readonly closedHint: string };
  /** A button that puts back a week (the queue's default week); none when absent. */
  readonly restore?: { readonly label: string; readonly onClick: () => void };
}

export function WorkHoursEditor({ week, changed, messages, messageText, disabled, onChange, onLeave, labels, restore }: WorkHoursEditorProps) {
  const styles = useStyles();
  const texts = useTexts(workHoursTexts);

  const change = (index: number, field: 'startTime' | 'endTime', typed: string) =>
    onChange(week.map((day, at) => (at === index ? { ...day, [field]: maskTime(typed) } : day)));

  return (
    <div className={styles.editor}>
      {changed && (
        <MessageBar intent="warning">
          <MessageBarBody>{labels.reminder}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row} aria-hidden>
        <span className={styles.header}>{texts.weekday}</span>
        <span className={styles.header}>{texts.start}</span>
        <span className={styles.header}>{texts.end}</span>
      </div>
      <ul className={styles.rows} aria-label={texts.caption}>
        {week.map((day, index) => {
          const name = texts.days[day.weekdayEn];
          const startMessage = messageText(messages[`schedules.${index}.startTime`]);
          const endMessage = messageText(messages[`schedules.${index}.endTime`]);
          return (
            <li key={day.weekdayEn} className={styles.row}>
              <span className={styles.day}>
                {name}
                {isClosed(day) && (
                  <Badge appearance="tint" color="informative" size="small" title={labels.closedHint}>
                    {texts.closed}
                  </Badge>
                )}
              </span>
              <Field {...(startMessage !== undefined && { validationMessage: startMessage, validationState: 'error' as const })}>
                <Input
                  className={styles.time}
                  input={{ className: styles.timeInput }}
                  aria-label={format(texts.startOf, { day: name })}
                  value={day.startTime}
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  autoComplete="off"
                  disabled={disabled}
                  onChange={(_, data) => change(index, 'startTime', data.value)}
                  onBlur={onLeave}
                />
              </Field>
              <Field {...(endMessage !== undefined && { validationMessage: endMessage, validationState: 'error' as const })}>
                <Input
                  className={styles.time}
                  input={{ className: styles.timeInput }}
                  aria-label={format(texts.endOf, { day: name })}
                  value={day.endTime}
                  placeholder="HH:MM"
                  inputMode="numeric"
                  maxLength={5}
                  autoComplete="off"
                  disabled={disabled}
                  onChange={(_, data) => change(index, 'endTime', data.value)}
                  onBlur={onLeave}
                />
              </Field>
            </li>
          );
        })}
      </ul>
      {restore !== undefined && (
        <Button className={styles.restore} appearance="subtle" icon={<ArrowReset20Regular />} disabled={disabled} onClick={restore.onClick}>
          {restore.label}
        </Button>
      )}
    </div>
  );
}
