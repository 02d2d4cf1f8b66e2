/**
 * How long the sentences of a Markdown page's prose are (issue 35: README prose averages at most 18
 * words a sentence). Prose is what a reader reads as sentences: code blocks, tables, headings and HTML
 * comments are left out; a paragraph or list item ends a sentence even without a full stop.
 * `node .build/scripts/prose-stats.js README.md` prints the figures.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface ProseStats {
  sentences: number
  words: number
  wordsPerSentence: number
}

export function proseStats(markdown: string): ProseStats {
  const sentences = proseBlocks(markdown).flatMap((block) =>
    block
      .split(/(?<=[.!?])["')]?\s+(?=["'(`*[]?[A-Z0-9])/)
      .map((sentence) => sentence.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length)
      .filter((words) => words > 0)
  )
  const words = sentences.reduce((sum, count) => sum + count, 0)
  return { sentences: sentences.length, words, wordsPerSentence: sentences.length ? words / sentences.length : 0 }
}

/** The page's paragraphs and list items, each as one line of text. */
function proseBlocks(markdown: string): string[] {
  const text = markdown.replace(/<!--[\s\S]*?-->/g, '').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  const blocks: string[] = []
  let current: string[] = []
  const end = (): void => {
    if (current.length) blocks.push(current.join(' '))
    current = []
  }
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('|')) end()
    else if (/^([-*+]|\d+\.)\s/.test(trimmed)) {
      end()
      current.push(trimmed.replace(/^([-*+]|\d+\.)\s+/, ''))
    } else current.push(trimmed.replace(/^>\s?/, ''))
  }
  end()
  return blocks
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const page of process.argv.slice(2)) {
    const stats = proseStats(readFileSync(page, 'utf8'))
    console.log(`${page}: ${stats.sentences} sentences, ${stats.words} words, ${stats.wordsPerSentence.toFixed(1)} words a sentence`)
  }
}
