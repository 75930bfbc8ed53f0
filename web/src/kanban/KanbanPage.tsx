/**
 * The kanban board (/kanban, plan flag useKanban; spec 2 §2 Kanban, §4, §6, §8): 'Em aberto' and a lane
 * per kanban tag with their counts, the pending and open tickets as cards, moved between lanes by drag
 * and drop (pointer or keyboard). Admins see every queue; others their own queues (the server decides,
 * the page shows what it answers). The board follows the realtime ticket events while it is open.
 *
 * This page is the only importer of dnd-kit, and the registry loads it on demand, so no other page
 * downloads the drag and drop code.
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Title3, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useKanbanTags } from '../api/tags';
import { useKanbanBoard, type KanbanBoardQuery } from '../api/tickets';
import { useTexts } from '../i18n/texts';
import { isAdmin } from '../sign-in/me';
import { useTicketUser } from '../tickets/viewer';
import { boardLanes } from './kanban-board';
import { KanbanLanes } from './KanbanLanes';
import { kanbanTexts } from './texts';
import { useKanbanLiveUpdates } from './use-kanban-live-updates';
import { useKanbanMove } from './use-kanban-move';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, flexGrow: 1, minHeight: 0, minWidth: 0 },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});

export function KanbanPage() {
  const styles = useStyles();
  const texts = useTexts(kanbanTexts).page;
  const user = useTicketUser();
  const admin = isAdmin(user);
  // Spec 2 §6: all tickets for admins, the user's queues otherwise.
  const query = useMemo<KanbanBoardQuery>(() => (admin ? { showAll: true, queueIds: [] } : { showAll: false, queueIds: user.queueIds }), [admin, user.queueIds]);
  const board = useKanbanBoard(query);
  const tags = useKanbanTags();
  useKanbanLiveUpdates();
  const { moving, move } = useKanbanMove();

  const lanes = useMemo(() => boardLanes(board.data?.tickets ?? [], tags.data ?? [], moving), [board.data, tags.data, moving]);
  const failed = board.isError || tags.isError;
  const retry = () => {
    if (board.isError) void board.refetch();
    if (tags.isError) void tags.refetch();
  };

  return (
    <div className={styles.page}>
      <Title3 as="h1">{texts.title}</Title3>
      {failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{texts.loadError}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={retry}>{texts.retry}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : board.data === undefined || tags.data === undefined ? (
        <Spinner className={styles.state} label={texts.loading} />
      ) : (
        <KanbanLanes lanes={lanes} moving={moving} onMove={move} />
      )}
    </div>
  );
}
