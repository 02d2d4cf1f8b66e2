/** The `size` items with the highest score seen so far, in fixed memory whatever the item count. */
export class Top<Item> {
  private readonly items: Item[] = []

  constructor(
    private readonly size: number,
    private readonly score: (item: Item) => number
  ) {}

  offer(item: Item): void {
    const smallest = this.items.at(-1)
    const score = this.score(item)
    if (this.items.length === this.size && smallest && score <= this.score(smallest)) return
    const at = this.items.findIndex((kept) => score > this.score(kept))
    this.items.splice(at === -1 ? this.items.length : at, 0, item)
    if (this.items.length > this.size) this.items.pop()
  }

  list(): Item[] {
    return [...this.items]
  }
}
