//! The allocator of the `felt` command and the benches: mimalloc, asked for a block the
//! cheapest way it can be asked.
//!
//! Reading site text and replaying hands makes many short-lived blocks of a few hundred bytes
//! to a few KiB (about 200 a hand), which glibc's allocator serves slowly: a fifth of the
//! instructions of `felt replay` on PokerStars text went to it. The `mimalloc` crate's
//! allocator serves them fast, but asks mimalloc for every block through its aligned entry
//! (`mi_malloc_aligned`), which checks the alignment again at each call. Every block mimalloc
//! hands out is aligned to at least 8 bytes, so a block that needs no more than that (nearly
//! all: strings, vectors of numbers, of pointers, of small structs) is asked for with plain
//! `mi_malloc`, and only a block that needs a larger alignment goes through the aligned
//! entry. The release build's `felt replay --check` does 2 to 3% fewer instructions a hand
//! so (docs/performance.md).
//!
//! ```
//! #[global_allocator]
//! static ALLOCATOR: feltkit::alloc::Allocator = feltkit::alloc::Allocator;
//!
//! let v: Vec<u64> = (0..1000).collect();
//! assert_eq!(v.iter().sum::<u64>(), 499_500);
//! ```

// An allocator is `unsafe` to write: each call below passes its arguments to mimalloc's
// functions with the meaning they have in `GlobalAlloc`, as the `mimalloc` crate does.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc,
    mi_zalloc_aligned,
};

/// The alignment every block of mimalloc has (the size of a pointer; its smallest block is 8
/// bytes, each block a multiple of 8 bytes from an aligned page).
const PLAIN_ALIGN: usize = 8;

/// mimalloc as the global allocator (see the module's page).
pub struct Allocator;

// SAFETY: each function returns a block of at least `layout.size()` bytes aligned to
// `layout.align()` or null, as mimalloc's functions do: the plain ones for an alignment of at
// most `PLAIN_ALIGN` (which every mimalloc block has), the aligned ones otherwise. A block is
// freed with `mi_free` whichever function made it, as mimalloc allows.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl's comment.
        unsafe {
            if layout.align() <= PLAIN_ALIGN {
                mi_malloc(layout.size()).cast()
            } else {
                mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl's comment.
        unsafe {
            if layout.align() <= PLAIN_ALIGN {
                mi_zalloc(layout.size()).cast()
            } else {
                mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from one of the functions above (the caller's contract).
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from one of the functions above with `layout` (the caller's
        // contract); the block keeps its alignment.
        unsafe {
            if layout.align() <= PLAIN_ALIGN {
                mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks of every size class up to a few KiB and of every alignment up to a page come
    /// back aligned, writable, grown and shrunk with their bytes kept.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let a = Allocator;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in (1..=4096usize).step_by(7) {
                let size = size.next_multiple_of(align);
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a layout of non-zero size; each block freed once with its layout.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    p.write_bytes(0xAB, size);
                    let q = a.realloc(p, layout, size * 3);
                    assert_eq!(q as usize % align, 0);
                    assert!((0..size).all(|k| *q.add(k) == 0xAB));
                    let layout3 = Layout::from_size_align(size * 3, align).unwrap();
                    a.dealloc(q, layout3);
                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!((0..size).all(|k| *z.add(k) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
