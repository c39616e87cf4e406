import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import type { PressReleaseRequest } from '#shared/tools/press-release';
import { apDate, apDateline } from '../compose/ap-style';
import { profileLines } from '../compose/profile-block';
import { sourceBlock } from '../compose/source-text';
import { releaseCompany, releaseDate, releaseInstructions } from './company';

function systemPrompt(input: PressReleaseRequest): string {
  return [
    'You are an experienced public-relations writer for a local-marketing agency.',
    'Write one press release in AP style, third person, news tone, following the press release instructions you are given.',
    input.includeHeader
      ? 'Begin with a "FOR IMMEDIATE RELEASE" header line.'
      : 'Do not add a "FOR IMMEDIATE RELEASE" header line.',
    input.includeCompanyInfo
      ? 'End with an "About" boilerplate paragraph for the company, then the media contact.'
      : 'Do not include an "About the company" boilerplate paragraph.',
    'Never invent facts, names, quotes attributed to real people other than the company contact, phone numbers or e-mail addresses that are not given.',
    'Return the press release as an HTML fragment: <h1> headline, <h2> subheadline, <p> paragraphs, <strong> for the dateline, <h3> for section labels. No <html>, <head> or <body>, no styles or scripts, no Markdown, no code fences, no commentary.',
  ].join('\n');
}

export function buildPressReleasePrompt(input: PressReleaseRequest, context: ToolContext): BuiltPrompt {
  const company = releaseCompany(input, context.client);
  const date = releaseDate(input, context.now);
  const parts: string[] = [];
  if (input.inputType === 'url' && context.source) {
    parts.push('Write the press release from the content of this web page.', sourceBlock(context.source));
  } else if (input.inputType === 'url') {
    parts.push(`Write the press release about the web page at ${input.url}.`);
  } else {
    parts.push(`Press release topic: ${input.topic.trim()}`);
  }
  parts.push(`Release date: ${apDate(date)}. Dateline: ${apDateline(company.city, company.state, date)}`);
  const lines = profileLines(company);
  if (lines.length > 0) parts.push(`Company information:\n${lines.join('\n')}`);
  parts.push(`Press release instructions:\n${releaseInstructions(input, context.client)}`);
  if (input.prompt.trim() !== '') parts.push(`Additional instructions:\n${input.prompt.trim()}`);
  return { system: systemPrompt(input), prompt: parts.join('\n\n') };
}
