// The shim's exports are undici's own.
export * from 'undici/index.js'
