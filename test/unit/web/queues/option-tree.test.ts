/** The chatbot-options editor's tree: adding, editing, moving and deleting options, and the calls that save the draft. */
import type { QueueOptionDto } from '../../../../shared/queues';
import {
  addChildOption,
  addTopOption,
  draftsOf,
  editOption,
  emptyOption,
  flattenOptions,
  moveOption,
  removeOption,
  syncPlan,
  type OptionDraft,
} from '../../../../web/src/queues/option-tree';

const stored = (id: string, option: number, children: QueueOptionDto[] = [], parentId: string | null = null): QueueOptionDto => ({
  id,
  queueId: 'Q',
  parentId,
  title: `T${id}`,
  message: `M${id}`,
  option,
  children,
});

/** A menu: 1 Vendas (1.1 Novos, 1.2 Usados), 2 Suporte. */
const MENU: QueueOptionDto[] = [stored('A', 1, [stored('A1', 1, [], 'A'), stored('A2', 2, [], 'A')]), stored('B', 2)];

const titles = (tree: readonly OptionDraft[]): string[] => flattenOptions(tree).map(({ node, path }) => `${path.map((at) => at + 1).join('.')} ${node.title}`);

describe('the option tree of the queue dialog', () => {
  it('reads the stored menu as a draft keyed by the options’ ids', () => {
    const draft = draftsOf(MENU);

    expect(titles(draft)).toEqual(['1 TA', '1.1 TA1', '1.2 TA2', '2 TB']);
    expect(draft[0]?.key).toBe('A');
    expect(draft[0]?.id).toBe('A');
  });

  it('adds an option at the end of the top level and a child at the end of any node, at any depth', () => {
    let tree = addTopOption(draftsOf(MENU), { ...emptyOption('n1'), title: 'Financeiro' });
    tree = addChildOption(tree, [0, 1], { ...emptyOption('n2'), title: 'Seminovos' });
    tree = addChildOption(tree, [0, 1, 0], { ...emptyOption('n3'), title: 'Garantia' });

    expect(titles(tree)).toEqual(['1 TA', '1.1 TA1', '1.2 TA2', '1.2.1 Seminovos', '1.2.1.1 Garantia', '2 TB', '3 Financeiro']);
  });

  it('gives every new option a key of its own', () => {
    expect(emptyOption().key).not.toBe(emptyOption().key);
  });

  it('edits the title and message of the node at a path and nothing else', () => {
    const before = draftsOf(MENU);
    const tree = editOption(before, [0, 1], { title: 'Usados e seminovos', message: 'Veja o estoque' });

    expect(tree[0]?.children[1]).toMatchObject({ id: 'A2', title: 'Usados e seminovos', message: 'Veja o estoque' });
    expect(tree[0]?.children[0]).toBe(before[0]?.children[0]);
    expect(tree[1]).toBe(before[1]);
  });

  it('moves an option up and down among its siblings, with its subtree', () => {
    const down = moveOption(draftsOf(MENU), [0], 1);
    expect(titles(down)).toEqual(['1 TB', '2 TA', '2.1 TA1', '2.2 TA2']);

    const up = moveOption(draftsOf(MENU), [0, 1], -1);
    expect(titles(up)).toEqual(['1 TA', '1.1 TA2', '1.2 TA1', '2 TB']);
  });

  it('leaves the tree as it is when an option at an end is moved past it', () => {
    expect(titles(moveOption(draftsOf(MENU), [0], -1))).toEqual(titles(draftsOf(MENU)));
    expect(titles(moveOption(draftsOf(MENU), [1], 1))).toEqual(titles(draftsOf(MENU)));
  });

  it('deletes an option with everything under it', () => {
    expect(titles(removeOption(draftsOf(MENU), [0]))).toEqual(['1 TB']);
    expect(titles(removeOption(draftsOf(MENU), [0, 0]))).toEqual(['1 TA', '1.1 TA2', '2 TB']);
  });
});

describe('the calls that save the draft of the menu', () => {
  it('makes no call when nothing changed', () => {
    expect(syncPlan(MENU, draftsOf(MENU))).toEqual([]);
  });

  it('creates new options parent first, each at its place among its siblings from 1', () => {
    let tree = addTopOption([], { ...emptyOption('n1'), title: ' Vendas ', message: 'Escolha' });
    tree = addChildOption(tree, [0], { ...emptyOption('n2'), title: 'Novos' });
    tree = addTopOption(tree, { ...emptyOption('n3'), title: 'Suporte' });

    expect(syncPlan([], tree)).toEqual([
      { kind: 'create', key: 'n1', parentKey: null, title: 'Vendas', message: 'Escolha', option: 1 },
      { kind: 'create', key: 'n2', parentKey: 'n1', title: 'Novos', message: '', option: 1 },
      { kind: 'create', key: 'n3', parentKey: null, title: 'Suporte', message: '', option: 2 },
    ]);
  });

  it('deletes only the top of a deleted branch, before any other call', () => {
    const tree = addChildOption(removeOption(draftsOf(MENU), [0]), [0], { ...emptyOption('n1'), title: 'Novo' });

    expect(syncPlan(MENU, tree)).toEqual([
      { kind: 'delete', id: 'A' },
      { kind: 'update', id: 'B', changes: { option: 1 } },
      { kind: 'create', key: 'n1', parentKey: 'B', title: 'Novo', message: '', option: 1 },
    ]);
  });

  it('sends the new positions of moved options and the fields that changed', () => {
    const tree = editOption(moveOption(draftsOf(MENU), [0, 1], -1), [0, 0], { message: 'Outra' });

    expect(syncPlan(MENU, tree)).toEqual([
      { kind: 'update', id: 'A2', changes: { message: 'Outra', option: 1 } },
      { kind: 'update', id: 'A1', changes: { option: 2 } },
    ]);
  });
});
