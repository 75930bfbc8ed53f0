/** The icon of each side-menu entry. */
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
import type { MenuItemId } from './menu-rules';

export const MENU_ICONS: Readonly<Record<MenuItemId, FluentIcon>> = {
  dashboard: DataBarVertical20Regular,
  tickets: Chat20Regular,
  quickMessages: Flash20Regular,
  kanban: Board20Regular,
  todolist: TaskListSquareLtr20Regular,
  contacts: ContactCard20Regular,
  schedules: CalendarClock20Regular,
  tags: Tag20Regular,
  chats: PeopleChat20Regular,
  helps: QuestionCircle20Regular,
  campaigns: List20Regular,
  contactLists: PeopleList20Regular,
  campaignsConfig: Settings20Regular,
  announcements: Megaphone20Regular,
  prompts: BrainCircuit20Regular,
  queueIntegration: PuzzlePiece20Regular,
  connections: PlugConnected20Regular,
  files: Folder20Regular,
  queues: PeopleQueue20Regular,
  users: People20Regular,
  messagesApi: Code20Regular,
  financeiro: Money20Regular,
  subscription: Payment20Regular,
  settings: Settings20Regular,
};
