/**
 * The side menu's icons, by the name a page-registry entry gives (app/page-registry.ts). Here rather than
 * in the entries: the registry is part of every first load, the menu only of the private area's.
 */
import { Board20Regular } from '@fluentui/react-icons/svg/board';
import { BrainCircuit20Regular } from '@fluentui/react-icons/svg/brain-circuit';
import { CalendarClock20Regular } from '@fluentui/react-icons/svg/calendar-clock';
import { Chat20Regular } from '@fluentui/react-icons/svg/chat';
import { Code20Regular } from '@fluentui/react-icons/svg/code';
import { ContactCard20Regular } from '@fluentui/react-icons/svg/contact-card';
import { DataBarVertical20Regular } from '@fluentui/react-icons/svg/data-bar-vertical';
import { Flash20Regular } from '@fluentui/react-icons/svg/flash';
import { Folder20Regular } from '@fluentui/react-icons/svg/folder';
import { List20Regular } from '@fluentui/react-icons/svg/list';
import { Megaphone20Regular } from '@fluentui/react-icons/svg/megaphone';
import { Money20Regular } from '@fluentui/react-icons/svg/money';
import { Payment20Regular } from '@fluentui/react-icons/svg/payment';
import { People20Regular } from '@fluentui/react-icons/svg/people';
import { PeopleChat20Regular } from '@fluentui/react-icons/svg/people-chat';
import { PeopleList20Regular } from '@fluentui/react-icons/svg/people-list';
import { PeopleQueue20Regular } from '@fluentui/react-icons/svg/people-queue';
import { PlugConnected20Regular } from '@fluentui/react-icons/svg/plug-connected';
import { PuzzlePiece20Regular } from '@fluentui/react-icons/svg/puzzle-piece';
import { QuestionCircle20Regular } from '@fluentui/react-icons/svg/question-circle';
import { Settings20Regular } from '@fluentui/react-icons/svg/settings';
import { Tag20Regular } from '@fluentui/react-icons/svg/tag';
import { TaskListSquareLtr20Regular } from '@fluentui/react-icons/svg/task-list-square-ltr';
import type { FluentIcon } from '@fluentui/react-icons';

export const MENU_ICONS = {
  board: Board20Regular,
  brainCircuit: BrainCircuit20Regular,
  calendarClock: CalendarClock20Regular,
  chat: Chat20Regular,
  code: Code20Regular,
  contactCard: ContactCard20Regular,
  dataBarVertical: DataBarVertical20Regular,
  flash: Flash20Regular,
  folder: Folder20Regular,
  list: List20Regular,
  megaphone: Megaphone20Regular,
  money: Money20Regular,
  payment: Payment20Regular,
  people: People20Regular,
  peopleChat: PeopleChat20Regular,
  peopleList: PeopleList20Regular,
  peopleQueue: PeopleQueue20Regular,
  plugConnected: PlugConnected20Regular,
  puzzlePiece: PuzzlePiece20Regular,
  questionCircle: QuestionCircle20Regular,
  settings: Settings20Regular,
  tag: Tag20Regular,
  taskListSquareLtr: TaskListSquareLtr20Regular,
} as const satisfies Readonly<Record<string, FluentIcon>>;

export type MenuIconName = keyof typeof MENU_ICONS;
