@_exported import NeonSQL
