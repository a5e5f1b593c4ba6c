import { describe, expect, it } from 'vitest';
import { extractiveAnswer, indexOf } from './support/docs.ts';

const gettingStarted = [
  '# Getting started',
  'This guide takes you from a folder of Markdown files to a working assistant on your site.',
  '## Requirements',
  'Node.js 22 or later.',
  '## Install the package',
  '```sh\nnpm install acme-relay\n```',
  '## Run the relay',
  'Run `acme-relay` in the folder of your docs.',
  '## Next steps',
  'Read the configuration reference.',
].join('\n\n');

const theming = [
  '# Theming',
  'The widget reads these CSS variables:',
  '- `--accent`: the launcher and links\n- `--radius`: the corners',
  '## Dark mode',
  'Set the variables again under a dark class.',
  '## Fonts',
  'The widget inherits the page font.',
  '## Spacing',
  'Padding follows `--space`.',
].join('\n\n');

const index = indexOf({
  'getting-started.md': gettingStarted,
  'theming.md': theming,
  'short.md': '# Webhooks\n\nWebhooks tell your server about events as they happen.\n\n## Signing\n\nEach webhook is signed with your secret.',
});

describe('given a question whose answer is a page opening that says what the page is for, not how', () => {
  it('lists the page outline after the opening, each part a link to its section', async () => {
    expect(await extractiveAnswer(index, 'How do I get started?')).toBe(
      [
        '**[Getting started](/getting-started#getting-started)**',
        'This guide takes you from a folder of Markdown files to a working assistant on your site.',
        'This page covers:',
        [
          '- [Requirements](/getting-started#requirements)',
          '- [Install the package](/getting-started#install-the-package)',
          '- [Run the relay](/getting-started#run-the-relay)',
          '- [Next steps](/getting-started#next-steps)',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  it('lists no outline after an opening that shows a list of its own, nor for a page of two parts', async () => {
    const theme = await extractiveAnswer(index, 'What is theming?');
    expect(theme).toContain('`--accent`');
    expect(theme).not.toContain('This page covers:');
    const webhooks = await extractiveAnswer(index, 'What are webhooks?');
    expect(webhooks).toContain('Webhooks tell your server about events as they happen.');
    expect(webhooks).not.toContain('This page covers:');
  });

  it('writes the outline line in the language the question is asked in', async () => {
    expect(await extractiveAnswer(index, '怎么开始 getting started')).toContain('本页包括：\n\n- [Requirements](/getting-started#requirements)');
  });
});

describe('given a page of numbered steps and a question the first step answers', () => {
  const steps = indexOf({
    'aws-lambda.md': [
      '# AWS Lambda',
      '## 1. Setup',
      'The CDK sets up the functions, the IAM role and API Gateway. Initialize the project:',
      '```sh\ncdk init app -l typescript\n```',
      '## 2. Hello World',
      'Edit `lambda/index.ts` to answer requests.',
      '## 3. Deploy',
      'Run `cdk deploy`.',
      '## Access the Lambda context',
      'Bind the context type to read it.',
    ].join('\n\n'),
  });

  it('lists the steps after it, as links, and no section that is not a step', async () => {
    const answer = await extractiveAnswer(steps, 'How do I set up the CDK functions and IAM role for API Gateway?');
    expect(answer).toMatch(/^\*\*\[AWS Lambda › 1\. Setup\]/);
    expect(answer.endsWith('The next steps on this page:\n\n- [2. Hello World](/aws-lambda#2-hello-world)\n- [3. Deploy](/aws-lambda#3-deploy)')).toBe(true);
  });

  it('lists nothing after the last step', async () => {
    const answer = await extractiveAnswer(steps, 'How do I run cdk deploy?');
    expect(answer).toMatch(/^\*\*\[AWS Lambda › 3\. Deploy\]/);
    expect(answer).not.toContain('next steps');
  });
});

describe('given a page whose headings are versions, not steps', () => {
  it('lists no next steps after "1.0"', async () => {
    const versions = indexOf({
      'releases.md': ['# Releases', '## 1.0 release', 'The first release added the relay command.', '## 2.0 release', 'The relay command now streams.', '## 3.0 release', 'Relays restart on failure.'].join('\n\n'),
    });
    const answer = await extractiveAnswer(versions, 'When was the relay command added?');
    expect(answer).toMatch(/^\*\*\[Releases › 1\.0 release\]/);
    expect(answer).not.toContain('next steps');
  });
});
