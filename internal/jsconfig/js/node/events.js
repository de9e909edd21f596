// node:events: EventEmitter as node's, synchronous, in registration
// order; once() as a promise.
export class EventEmitter {
  constructor() { this._events = new Map(); this._max = EventEmitter.defaultMaxListeners; }
  _list(name) { let l = this._events.get(name); if (!l) { l = []; this._events.set(name, l); } return l; }
  on(name, fn) { this.emit('newListener', name, fn.listener ?? fn); this._list(name).push(fn); return this; }
  addListener(name, fn) { return this.on(name, fn); }
  prependListener(name, fn) { this._list(name).unshift(fn); return this; }
  once(name, fn) {
    const wrapped = (...args) => { this.removeListener(name, wrapped); return fn.apply(this, args); };
    wrapped.listener = fn;
    return this.on(name, wrapped);
  }
  prependOnceListener(name, fn) {
    const wrapped = (...args) => { this.removeListener(name, wrapped); return fn.apply(this, args); };
    wrapped.listener = fn;
    return this.prependListener(name, wrapped);
  }
  off(name, fn) { return this.removeListener(name, fn); }
  removeListener(name, fn) {
    const l = this._events.get(name);
    if (!l) return this;
    for (let i = l.length - 1; i >= 0; i--) {
      if (l[i] === fn || l[i].listener === fn) { l.splice(i, 1); if (name !== 'removeListener') this.emit('removeListener', name, fn); break; }
    }
    if (l.length === 0) this._events.delete(name);
    return this;
  }
  removeAllListeners(name) { if (name === undefined) this._events.clear(); else this._events.delete(name); return this; }
  emit(name, ...args) {
    const l = this._events.get(name);
    if (!l || l.length === 0) {
      if (name === 'error') throw args[0] instanceof Error ? args[0] : new Error('Unhandled error. (' + String(args[0]) + ')');
      return false;
    }
    for (const fn of [...l]) fn.apply(this, args);
    return true;
  }
  listeners(name) { return (this._events.get(name) ?? []).map((f) => f.listener ?? f); }
  rawListeners(name) { return [...(this._events.get(name) ?? [])]; }
  listenerCount(name) { return (this._events.get(name) ?? []).length; }
  eventNames() { return [...this._events.keys()]; }
  setMaxListeners(n) { this._max = n; return this; }
  getMaxListeners() { return this._max; }
}
EventEmitter.defaultMaxListeners = 10;
EventEmitter.EventEmitter = EventEmitter;
export const once = (emitter, name) => new Promise((resolve, reject) => {
  const onError = (err) => { emitter.removeListener(name, onEvent); reject(err); };
  const onEvent = (...args) => { if (name !== 'error') emitter.removeListener('error', onError); resolve(args); };
  emitter.once(name, onEvent);
  if (name !== 'error') emitter.once('error', onError);
});
export const listenerCount = (emitter, name) => emitter.listenerCount(name);
export const getEventListeners = (emitter, name) => emitter.listeners(name);
export const defaultMaxListeners = 10;
// node's default export is the class itself, carrying the rest.
Object.assign(EventEmitter, { once, listenerCount, getEventListeners });
export default EventEmitter;
