/**
 * A card dropped on another lane (spec 2 §4, §8): the card shows in its new lane at once (optimistic),
 * then the move's calls (kanban-board.ts moveSteps) go one after the other, each confirmed by its toast:
 * DELETE /ticket-tags/{id} ('Ticket Tag Removido!') when the card leaves a tag lane, and for a tag lane
 * PUT /ticket-tags/{id}/{tagId} ('Ticket Tag Adicionado com Sucesso!'). Each answer is stored in the
 * board. A refused call shows its catalogue error, the card goes back to where the board has it, and the
 * board and its lanes are read again (the first call may have been done; the lane's tag may be gone).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../api/query-keys';
import { addTicketKanbanTag, removeTicketKanbanTag } from '../api/tickets';
import { useServices } from '../runtime/services';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { moveSteps, runMoveSteps, type LaneId } from './kanban-board';
import { storeBoardTicket } from './kanban-cache';
import { kanbanTexts } from './texts';

export interface KanbanMove {
  /** The tickets whose moves are on their way, with the lane each goes to. */
  readonly moving: ReadonlyMap<string, LaneId>;
  readonly move: (ticketId: string, from: LaneId, to: LaneId) => void;
}

export function useKanbanMove(): KanbanMove {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const texts = useTexts(kanbanTexts).toasts;
  const [moving, setMoving] = useState<ReadonlyMap<string, LaneId>>(new Map());

  const move = useCallback(
    (ticketId: string, from: LaneId, to: LaneId) => {
      const steps = moveSteps(from, to);
      if (steps.length === 0) return;
      setMoving((current) => new Map(current).set(ticketId, to));
      void (async () => {
        try {
          const calls = {
            removeTag: () => removeTicketKanbanTag(api, ticketId),
            addTag: (tagId: string) => addTicketKanbanTag(api, ticketId, tagId),
          };
          await runMoveSteps(steps, calls, (step, ticket) => {
            storeBoardTicket(client, ticket);
            toast.success(step.kind === 'removeTag' ? texts.tagRemoved : texts.tagAdded);
          });
        } catch (error) {
          toast.error(error);
          void client.invalidateQueries({ queryKey: queryKeys.tickets.kanbanBoards });
          // A lane's tag may have been deleted or unflagged meanwhile (ERR_NO_TAG_FOUND): the lanes too.
          void client.invalidateQueries({ queryKey: queryKeys.tags.kanban });
        } finally {
          setMoving((current) => {
            const next = new Map(current);
            next.delete(ticketId);
            return next;
          });
        }
      })();
    },
    [api, client, toast, texts],
  );

  return { moving, move };
}
