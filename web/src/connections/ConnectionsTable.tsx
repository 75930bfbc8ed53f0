/**
 * The connections as a table (the kit's ListTable, spec 2 §2): name with the default mark, the status
 * badge, the session buttons of the status (session-actions.ts; admins), the last update and the
 * row's actions (edit, a new API token, delete; admins). On a narrow screen each connection is a card:
 * the name, the status and the session buttons under it, the actions beside them. A Cloud API
 * connection (issue 32) says so under its name, and its session buttons are 'try again' and the link
 * to its message templates.
 */
import { Badge, Button, Caption1, makeStyles, Spinner, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowClockwise24Regular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { Key24Regular } from '@fluentui/react-icons/svg/key';
import { MailTemplate24Regular } from '@fluentui/react-icons/svg/mail-template';
import { PlugDisconnected24Regular } from '@fluentui/react-icons/svg/plug-disconnected';
import { QrCode24Regular } from '@fluentui/react-icons/svg/qr-code';
import { Star24Filled } from '@fluentui/react-icons/svg/star';
import { useHref, useLinkClickHandler } from 'react-router';
import type { ConnectionDto, SessionRequest } from '../api/connections';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { connectionTemplatesPath } from '../runtime/paths';
import { formatUpdatedAt } from './dates';
import { sessionButtons, statusTone, type SessionButton } from './session-actions';
import { connectionsTexts } from './texts';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  nameLines: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  provider: { color: tokens.colorNeutralForeground3 },
  nameText: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  star: { flexShrink: 0, color: tokens.colorPaletteMarigoldForeground1 },
  session: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXS, rowGap: tokens.spacingVerticalXS },
  // On a table the buttons stand in one row (a card, narrower, wraps them).
  sessionCell: { '& > span': { flexWrap: 'nowrap' } },
  time: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

export interface ConnectionsTableProps {
  readonly connections: readonly ConnectionDto[];
  /** connections-page:actionButtons. */
  readonly canControlSessions: boolean;
  /** connections-page:editOrDeleteConnection. */
  readonly canEdit: boolean;
  /** The connection whose session request is on its way (its buttons wait). */
  readonly busyId: string | undefined;
  readonly onShowQr: (connection: ConnectionDto) => void;
  readonly onSession: (connection: ConnectionDto, request: SessionRequest) => void;
  readonly onEdit: (connection: ConnectionDto) => void;
  readonly onRotateToken: (connection: ConnectionDto) => void;
  readonly onDelete: (connection: ConnectionDto) => void;
}

/** 'Modelos': a link to the connection's templates page that looks like the row's other buttons. */
function TemplatesButton({ connection, label, name }: { readonly connection: ConnectionDto; readonly label: string; readonly name: string }) {
  const to = connectionTemplatesPath(connection.id);
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return (
    <Button as="a" href={href} onClick={onClick} size="small" icon={<MailTemplate24Regular />} aria-label={name}>
      {label}
    </Button>
  );
}

export function ConnectionsTable(props: ConnectionsTableProps) {
  const { connections, canControlSessions, canEdit, busyId, onShowQr, onSession, onEdit, onRotateToken, onDelete } = props;
  const styles = useStyles();
  const texts = useTexts(connectionsTexts);
  const { language } = useLanguage();

  const sessionButton = (connection: ConnectionDto, button: SessionButton) => {
    const busy = busyId === connection.id;
    switch (button) {
      case 'showQr':
        return (
          <Button key={button} size="small" appearance="primary" icon={<QrCode24Regular />} onClick={() => onShowQr(connection)}>
            {texts.sessionButtons.showQr}
          </Button>
        );
      case 'retry':
        return (
          <Button key={button} size="small" disabled={busy} icon={<ArrowClockwise24Regular />} onClick={() => onSession(connection, 'start')}>
            {texts.sessionButtons.retry}
          </Button>
        );
      case 'newQr':
        return (
          <Button key={button} size="small" appearance="primary" disabled={busy} icon={<QrCode24Regular />} onClick={() => onSession(connection, 'newQr')}>
            {texts.sessionButtons.newQr}
          </Button>
        );
      case 'disconnect':
        return (
          <Button key={button} size="small" disabled={busy} icon={<PlugDisconnected24Regular />} onClick={() => onSession(connection, 'disconnect')}>
            {texts.sessionButtons.disconnect}
          </Button>
        );
      case 'templates':
        return (
          <TemplatesButton
            key={button}
            connection={connection}
            label={texts.sessionButtons.templates}
            name={format(texts.actions.templates, { name: connection.name })}
          />
        );
      case 'connecting':
        return (
          // The button's text says it; the spinner only shows it moving.
          <Button key={button} size="small" disabled icon={<Spinner size="extra-tiny" aria-hidden />}>
            {texts.sessionButtons.connecting}
          </Button>
        );
    }
  };

  const columns: ListColumn<ConnectionDto>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (connection) => (
        <span className={styles.name}>
          <span className={styles.nameLines}>
            <span className={styles.nameText} title={connection.name}>
              {connection.name}
            </span>
            {connection.provider === 'cloud' && <Caption1 className={styles.provider}>{texts.form.providers.cloud}</Caption1>}
          </span>
          {connection.isDefault && <Star24Filled className={styles.star} role="img" aria-label={texts.table.defaultMark} />}
        </span>
      ),
    },
    {
      id: 'status',
      header: texts.table.status,
      narrow: 'detail',
      width: 'content',
      cell: (connection) => (
        <Badge appearance="tint" color={statusTone(connection.status)} data-status={connection.status}>
          {texts.status[connection.status]}
        </Badge>
      ),
    },
  ];
  if (canControlSessions) {
    columns.push({
      id: 'session',
      header: texts.table.session,
      narrow: 'detail',
      width: 'content',
      className: styles.sessionCell,
      cell: (connection) => <span className={styles.session}>{sessionButtons(connection.status, connection.provider).map((button) => sessionButton(connection, button))}</span>,
    });
  }
  columns.push({
    id: 'updatedAt',
    header: texts.table.updatedAt,
    narrow: 'hidden',
    width: 'content',
    className: styles.time,
    cell: (connection) => formatUpdatedAt(connection.updatedAt, language),
  });

  return (
    <ListTable
      label={texts.page.title}
      items={connections}
      itemKey={(connection) => connection.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(connection) => {
        if (!canEdit) return null;
        const named = { name: connection.name };
        return (
          <>
            <Tooltip content={format(texts.actions.edit, named)} relationship="label">
              <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(connection)} />
            </Tooltip>
            <Tooltip content={format(texts.actions.token, named)} relationship="label">
              <Button appearance="subtle" icon={<Key24Regular />} onClick={() => onRotateToken(connection)} />
            </Tooltip>
            <Tooltip content={format(texts.actions.delete, named)} relationship="label">
              <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(connection)} />
            </Tooltip>
          </>
        );
      }}
    />
  );
}
