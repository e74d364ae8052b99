// A Vite plugin for the client build: the console kit's small shared modules travel as one chunk
// per kit piece (the dialog, the form frame) instead of one tiny chunk per module, so a page with
// several islands loads the piece once, in fewer files (measured in docs/decisions/040).
const ISLANDS = String.raw`src[\\/]islands[\\/]`;

/** The kit pieces: a chunk name and the modules of src/islands/ it holds (paths with `/`). */
export const KIT_CHUNKS = [
  { name: 'dialog', modules: ['shared/ConfirmDialog', 'shared/use-confirm', 'staff/use-code-confirm'] },
  {
    name: 'form',
    modules: [
      'shared/Field',
      'shared/FormAlert',
      'shared/IslandForm',
      'shared/use-form',
      'shared/use-hydrated',
      'shared/form-messages',
    ],
  },
  // The content editors' small parts (the rich-text editor itself stays in its own chunk).
  {
    name: 'editor',
    modules: [
      'staff/editor/fields',
      'staff/editor/DeleteAction',
      'staff/CoverChoice',
      'staff/ContentUpload',
      'staff/PublishActions',
      'staff/CategorySelect',
      'staff/BilingualFields',
    ],
  },
];

export function kitChunks() {
  return {
    name: 'portal:kit-chunks',
    configEnvironment(name) {
      if (name !== 'client') return null;
      return {
        build: {
          rolldownOptions: {
            // A group without its dependencies needs entry chunks that may export more than the island.
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: KIT_CHUNKS.map(({ name, modules }) => ({
                  name,
                  test: new RegExp(
                    `${ISLANDS}(${modules.map((m) => m.replaceAll('/', String.raw`[\\/]`)).join('|')})\\.tsx?$`,
                  ),
                  // Only the piece's own modules: what they import (React, the API client) stays where it was.
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
        },
      };
    },
  };
}
