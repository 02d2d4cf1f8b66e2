// ESLint flat config: typescript-eslint's type-checked rules over every TypeScript file of the project.
// Formatting is Prettier's job (npm run format:check); nothing here argues with it.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import local from './eslint-rules/no-import-circle.js'

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', '.build/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Inputs and environment variables are '' when unset: `||` on strings says "empty means none" on purpose.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      eqeqeq: ['error', 'always']
    }
  },
  {
    // The limits of the source (STYLE.md), counting every line: blank ones and comments too.
    files: ['src/**/*.ts'],
    plugins: { local },
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: false, skipComments: false, IIFEs: true }],
      'local/no-import-circle': 'error'
    }
  },
  {
    // Constructors count: a class whose constructor takes a row of values is the same row of positional parameters.
    files: ['src/operations/agent/**/*.ts', 'src/operations/fix-checks/**/*.ts'],
    rules: {
      'max-params': 'off',
      '@typescript-eslint/max-params': ['error', { max: 4 }]
    }
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked]
  },
  {
    // CommonJS: the bundle's stand-in for undici (src/bundle/undici-on-demand.cjs) requires it on demand.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' }
  }
)
