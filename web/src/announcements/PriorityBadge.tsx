/**
 * An announcement's priority as a tinted badge: its colour (1 red, 2 orange, 3 grey; spec 3 §9) and its
 * word, so colour is never the only sign (announcement-priority.ts).
 */
import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { AnnouncementPriority } from '../../../shared/announcements';
import { useTexts } from '../i18n/texts';
import { PRIORITY_BADGE_COLOURS, priorityColour, priorityLabel } from './announcement-priority';
import { announcementPriorityTexts } from './texts';

export interface PriorityBadgeProps {
  readonly priority: AnnouncementPriority;
  readonly size?: BadgeProps['size'];
  readonly className?: string;
}

export function PriorityBadge({ priority, size = 'small', className }: PriorityBadgeProps) {
  const labels = useTexts(announcementPriorityTexts);
  return (
    <Badge className={className} appearance="tint" shape="rounded" color={PRIORITY_BADGE_COLOURS[priorityColour(priority)]} size={size}>
      {priorityLabel(labels, priority)}
    </Badge>
  );
}
