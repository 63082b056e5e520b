import type { ShellMessages } from './vi.ts';

/** English, available from the side menu's language switch. */
export const en: ShellMessages = {
  app: {
    name: 'XemChung',
  },
  common: {
    loading: 'Loading',
    close: 'Close',
    yes: 'Yes',
    no: 'No',
    retry: 'Try again',
  },
  chunk: {
    failed: 'Could not load the page.',
  },
  home: {
    headline: 'Watch videos together, in perfect sync',
    tagline:
      'Create a room, send the link to your friends and watch or listen together. When the host plays, pauses or seeks, everyone follows instantly.',
    start: 'Get started',
    enterRoom: 'Enter room',
    yourRoom: 'Your room: {{name}}',
    roomName: 'Room name',
    roomNamePlaceholder: 'e.g. Friday movie night',
    createRoom: 'Create room',
    roomNameLength: '{{count}}/{{max}} characters',
    roomNameTooLong: 'The room name is longer than {{max}} characters.',
    roomNameInvalid:
      'The room name has characters that cannot be used (control characters, text direction overrides or too many stacked accents).',
    roomNameRefused: 'This room name is not allowed. Please choose another.',
    roomCreateTooFast: 'You are creating rooms too fast. Please try again in a minute.',
    roomLimit: 'An account can have at most {{max}} rooms. Please reuse a room you created.',
    lookupFailed: 'Could not load your room.',
    featuresTitle: 'How it works',
    featureCreateTitle: 'Create a room',
    featureCreate: 'Sign in, name your room, done.',
    featureShareTitle: 'Share the link',
    featureShare: 'Anyone with the link can join, nothing to install.',
    featureSyncTitle: 'Watch in sync',
    featureSync: 'The host is in control and everyone’s video stays in step.',
  },
  topBar: {
    openMenu: 'Open menu',
    skipToContent: 'Skip to main content',
  },
  menu: {
    title: 'Menu',
    terms: 'Terms of use',
    privacy: 'Privacy policy',
    support: 'Support',
    logout: 'Sign out',
    language: 'Language',
    newTab: '(opens in a new tab)',
  },
  legal: {
    vietnameseOnly: 'This document is available in Vietnamese only.',
  },
  notFound: {
    message: 'This page does not exist',
    goHome: 'Go to the home page',
  },
};
