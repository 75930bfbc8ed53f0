/** The look the API page's two test forms share: a bordered section, its fields and its send button. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useSendFormStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  intro: { color: tokens.colorNeutralForeground2 },
});
