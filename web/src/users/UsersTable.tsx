/**
 * The users as a table (the kit's ListTable): the name (with an Online badge, and You on one's own row),
 * the email, the profile, the queues as dots of their colour beside their names, and the row's actions.
 * Edit is offered where the server would allow it (a platform super user is edited only by a super
 * user); delete also not on one's own row (nobody deletes themself). On a narrow screen each user is a
 * card: the name, then the email, profile and queues under it, the actions beside them.
 */
import { Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import type { UserDto } from '../api/users';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { usersTexts } from './texts';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  nameText: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  badge: { flexShrink: 0 },
  // Whole on a table (the title column takes only the width left); a card wraps it (ListTable).
  email: { whiteSpace: 'nowrap' },
  queues: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS },
  queue: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  dot: {
    flexShrink: 0,
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    // A ring in the theme's stroke, so a colour close to the background still shows.
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
});

export interface UsersTableProps {
  readonly users: readonly UserDto[];
  /** The signed-in user: their row has no delete. */
  readonly meId: string;
  /** Whether the signed-in user is a platform super user (only they edit one). */
  readonly meSuper: boolean;
  readonly onEdit: (user: UserDto) => void;
  readonly onDelete: (user: UserDto) => void;
}

export function UsersTable({ users, meId, meSuper, onEdit, onDelete }: UsersTableProps) {
  const styles = useStyles();
  const texts = useTexts(usersTexts);

  const columns: readonly ListColumn<UserDto>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (user) => (
        <span className={styles.name}>
          <span className={styles.nameText} title={user.name}>
            {user.name}
          </span>
          {user.id === meId && (
            <Badge className={styles.badge} appearance="tint" color="brand" size="small">
              {texts.table.you}
            </Badge>
          )}
          {user.online && (
            <Badge className={styles.badge} appearance="tint" color="success" size="small">
              {texts.table.online}
            </Badge>
          )}
        </span>
      ),
    },
    { id: 'email', header: texts.table.email, narrow: 'detail', className: styles.email, cell: (user) => user.email },
    { id: 'profile', header: texts.table.profile, narrow: 'detail', cell: (user) => texts.profiles[user.profile] },
    {
      id: 'queues',
      header: texts.table.queues,
      narrow: 'detail',
      cell: (user) =>
        user.queues.length === 0 ? (
          texts.table.noQueues
        ) : (
          <span className={styles.queues}>
            {user.queues.map((queue) => (
              <span key={queue.id} className={styles.queue}>
                <span className={styles.dot} style={{ backgroundColor: queue.color }} aria-hidden />
                {queue.name}
              </span>
            ))}
          </span>
        ),
    },
  ];

  return (
    <ListTable
      label={texts.page.title}
      items={users}
      itemKey={(user) => user.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(user) => {
        const named = { name: user.name };
        const editable = meSuper || !user.super;
        return (
          <>
            {editable && (
              <Tooltip content={format(texts.actions.edit, named)} relationship="label">
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(user)} />
              </Tooltip>
            )}
            {editable && user.id !== meId && (
              <Tooltip content={format(texts.actions.delete, named)} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(user)} />
              </Tooltip>
            )}
          </>
        );
      }}
    />
  );
}
