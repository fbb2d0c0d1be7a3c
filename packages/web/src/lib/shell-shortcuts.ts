/** The shell's keyboard shortcuts (Mantine hotkey notation) and the catalogue key of what each does. */
export const SHELL_SHORTCUTS = [
  { hotkey: 'alt+O', keys: ['Alt', 'O'], action: 'overview', labelKey: 'shell.help.shortcuts.overview' },
  { hotkey: 'alt+A', keys: ['Alt', 'A'], action: 'alerts', labelKey: 'shell.help.shortcuts.alerts' },
  { hotkey: 'alt+F', keys: ['Alt', 'F'], action: 'favorite', labelKey: 'shell.help.shortcuts.favorite' },
  {
    hotkey: 'alt+V',
    keys: ['Alt', 'V'],
    action: 'fullscreen',
    labelKey: 'shell.help.shortcuts.fullscreen',
  },
  { hotkey: 'alt+Q', keys: ['Alt', 'Q'], action: 'qr', labelKey: 'shell.help.shortcuts.qr' },
  { hotkey: 'alt+H', keys: ['Alt', 'H'], action: 'help', labelKey: 'shell.help.shortcuts.help' },
] as const;

export type ShellShortcutAction = (typeof SHELL_SHORTCUTS)[number]['action'];
