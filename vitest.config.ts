import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: server and pure-logic tests run in Node; widget component tests run in jsdom.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['test/server/**/*.test.ts', 'test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'widget',
          environment: 'jsdom',
          include: ['test/widget/**/*.test.{ts,tsx}'],
          setupFiles: ['test/widget/setup.ts'],
        },
      },
    ],
  },
});
