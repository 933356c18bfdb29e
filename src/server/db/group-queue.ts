// Work that arrives together, handed over in groups (decisions 023 and 106): what is queued while
// this turn of the event loop runs, or while the groups in flight commit, makes the next group.
// Shared by the grouped commit (grouped-writer.ts) and grouped transactions (grouped-transactions.ts).

export type GroupQueueOptions = {
  /** Groups at work at once: one on SQLite (one writer), a few on PostgreSQL (groupsInFlightFor). */
  groupsInFlight?: number;
  maxGroup: number;
};

/** `runGroup` settles every item it is given and never rejects. */
export function createGroupQueue<Item>(runGroup: (group: Item[]) => Promise<void>, options: GroupQueueOptions) {
  const { groupsInFlight = 1, maxGroup } = options;
  const queue: Item[] = [];
  let inFlight = 0;
  let isScheduled = false;

  function startGroups() {
    isScheduled = false;
    while (queue.length && inFlight < groupsInFlight) {
      const group = queue.splice(0, maxGroup);
      inFlight += 1;
      void runGroup(group).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  function schedule() {
    if (isScheduled || !queue.length || inFlight >= groupsInFlight) return;
    isScheduled = true;
    setImmediate(startGroups);
  }

  return {
    push(item: Item) {
      queue.push(item);
      schedule();
    },
  };
}
